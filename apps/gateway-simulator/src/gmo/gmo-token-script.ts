/**
 * The simulator's card-token script, the counterpart of GMO-PG's `token.js`:
 *
 *   Multipayment.init(shopId)
 *   Multipayment.getToken({ cardno, expire: 'YYMM', securitycode, holdername, tokennumber }, callback)
 *
 * `callback` is a function or the name of a global function (as the real script takes), called with
 * `{ resultCode: '000', tokenObject: { token: [...], toBeExpiredAt, maskedCardNo, isSecurityCodeSet } }` or
 * `{ resultCode: '<error code>' }`. The card goes from the browser to the simulator only, never to our API.
 * Plain ES5 so any browser runs it; served as text/javascript from our own origin.
 */
export function gmoTokenScript(tokenApiPath: string): string {
  return `/* Kippu gateway simulator: GMO-PG token script (test cards only; see the README). */
(function () {
  'use strict';
  var shopId = null;
  function deliver(callback, result) {
    var fn = typeof callback === 'function' ? callback : window[callback];
    if (typeof fn === 'function') fn(result);
  }
  window.Multipayment = {
    init: function (id) {
      shopId = id == null ? null : String(id);
    },
    getToken: function (card, callback) {
      var body = {
        shopId: shopId,
        cardno: card && card.cardno,
        expire: card && card.expire,
        securitycode: card && card.securitycode,
        holdername: card && card.holdername,
        tokennumber: card && card.tokennumber
      };
      fetch(${JSON.stringify(tokenApiPath)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'omit',
        body: JSON.stringify(body)
      })
        .then(function (response) {
          if (!response.ok) throw new Error('HTTP ' + response.status);
          return response.json();
        })
        .then(
          function (result) { deliver(callback, result); },
          function () { deliver(callback, { resultCode: '901' }); }
        );
    }
  };
})();
`;
}
