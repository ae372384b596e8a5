/** What the command line may use of moderation: the audit log it writes to. */
export { COMMAND_LINE, record as recordAudit } from './audit.repository';
