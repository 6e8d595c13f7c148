/** The User-Agent of the mock's webhook deliveries; the control API refuses a request that carries it. */
export const DELIVERY_USER_AGENT = 'agent-platform-mock/webhooks';
