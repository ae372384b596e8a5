/**
 * Where a page rendered on the server shows a service's details (decision 018): More info's link
 * goes there. Its own module, so the cards do not bring the detail dialog's code with them.
 */
export const SERVICE_DETAIL_ANCHOR = 'service-detail';
