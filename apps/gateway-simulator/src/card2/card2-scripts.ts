/**
 * The browser scripts of the simulated second/third card processor and of the fraud-screening service
 * (ADR 101), as their real counterparts are served: plain ES5 from the processor's origin (ours here, so the
 * strict CSP's 'self' admits them), talking to the processor, never to the merchant's API.
 */

/**
 * The token script: `Card2.init({ merchantId }).getToken({ number, expiry: 'YYMM', cvc, holder }, callback)`;
 * the callback gets `{ result: 'ok', token, maskedCardNo }`, `{ result: 'invalid', field }` or
 * `{ result: 'error' }` (the processor could not be reached).
 */
export function card2TokenScript(tokensUrl: string): string {
  return `(function () {
  'use strict';
  var tokensUrl = ${JSON.stringify(tokensUrl)};
  var merchantId = null;
  window.Card2 = {
    init: function (config) {
      merchantId = config && config.merchantId;
      return window.Card2;
    },
    getToken: function (card, callback) {
      fetch(tokensUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantId: merchantId, number: card.number, expiry: card.expiry, cvc: card.cvc, holder: card.holder })
      }).then(function (response) {
        return response.ok ? response.json() : { result: 'error' };
      }).then(callback, function () { callback({ result: 'error' }); });
    }
  };
})();
`;
}

/**
 * The 3-D Secure script: `Card2ThreeDs.collect(token, callback)` sends the browser's device data for a token
 * to the processor (3-D Secure 2's "3DS Method": the issuer can then often pass the card without a
 * challenge); the callback gets true when the processor took it.
 */
export function card2ThreeDsScript(methodUrl: string): string {
  return `(function () {
  'use strict';
  var methodUrl = ${JSON.stringify(methodUrl)};
  window.Card2ThreeDs = {
    collect: function (token, callback) {
      var device = {
        colorDepth: window.screen.colorDepth,
        screenWidth: window.screen.width,
        screenHeight: window.screen.height,
        timeZoneOffset: new Date().getTimezoneOffset(),
        language: navigator.language,
        javaEnabled: false
      };
      fetch(methodUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: token, device: device })
      }).then(function (response) { callback(response.ok); }, function () { callback(false); });
    }
  };
})();
`;
}

/**
 * The fraud-screening (device fingerprint) script: `DeviceFingerprint.profile(callback)` makes a device
 * session id, reports the device under it to the screening service, and gives the id to the page, which
 * sends it with the card token (the processor then scores the payment against the profiled device). The
 * callback gets null when the report could not be sent.
 */
export function fingerprintScript(profileUrl: string): string {
  return `(function () {
  'use strict';
  var profileUrl = ${JSON.stringify(profileUrl)};
  function sessionId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  window.DeviceFingerprint = {
    profile: function (callback) {
      var id = sessionId();
      fetch(profileUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session_id: id,
          timezone: new Date().getTimezoneOffset(),
          languages: navigator.languages ? navigator.languages.join(',') : navigator.language,
          screen: window.screen.width + 'x' + window.screen.height
        })
      }).then(function (response) { callback(response.ok ? id : null); }, function () { callback(null); });
    }
  };
})();
`;
}
