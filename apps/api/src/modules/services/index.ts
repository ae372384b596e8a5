/** What other modules may use of the directory: locking a service while writing about it. */
export { holdService, type Transaction } from './hold-service';
export { createServicesRepository } from './services.repository';
