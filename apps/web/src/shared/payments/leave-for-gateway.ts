/**
 * Sends the browser to a payment gateway's page (3-D Secure, a wallet's approval): it comes back through a
 * payment callback route. A function of its own so tests can stand in for the page leaving.
 */
export function leaveForGateway(url: string): void {
  window.location.assign(url);
}
