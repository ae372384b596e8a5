/**
 * Outgoing mail queued in the transaction of the write it belongs to and sent after the commit,
 * retried until it goes (decision 026).
 */
export {
  deliverDueMail,
  deliverMail,
  enqueueMail,
  sendAllAfterCommit,
  sendOrWithdraw,
  type MailDelivery,
} from './outgoing-mail';
