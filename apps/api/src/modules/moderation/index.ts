/** What the command line may use of moderation: the audit log it writes to. */
export { COMMAND_LINE, record as recordAudit } from './audit.repository';
/** What organisers' events reuse (decision 038): moderators' views, safe writes and answers. */
export { moderatorRead } from './moderator-read';
export { actorOf, moderatorWrite, refusedAnswer, type Asker } from './moderator-write';
export { answerWrite } from './write-reply';
