import { STRIPE_SIMULATOR_ELEMENT_LABELS } from '@kippu/contract/stripe-test-cards';

/**
 * The simulator's counterpart of Stripe.js (https://js.stripe.com/v3), the part Kippu's payment screen uses:
 *
 *   var stripe = Stripe(publishableKey, { locale })
 *   var card = stripe.elements({ locale }).create('card')
 *   card.mount(element); card.on('change', fn); card.focus(); card.destroy()
 *   stripe.createPaymentMethod({ type: 'card', card: card, billing_details: { name } })
 *     → Promise<{ paymentMethod: { id, card: { brand, last4 } } } | { error: { type, code, message } }>
 *
 * The real card Element is an iframe of Stripe's; this one renders its three inputs in the page (labelled in
 * the six languages, as Stripe localises its Element) and posts the card to the simulator's
 * /v1/payment_methods with the publishable key, never to our API. Plain ES5, served from our own origin.
 */
export function stripeJsScript(apiBase: string): string {
  // Keyed by the locales Stripe.js takes (the payment screen passes zh-TW for zh-hant, ko for kr).
  const of = STRIPE_SIMULATOR_ELEMENT_LABELS;
  const labels = {
    ja: of.ja,
    en: of.en,
    zh: of['zh-hans'],
    ko: of.kr,
    'zh-TW': of['zh-hant'],
    'zh-HK': of['zh-hant'],
    th: of.th,
  };
  return `/* Kippu gateway simulator: Stripe.js (test cards only; see the README). */
(function () {
  'use strict';
  var API = ${JSON.stringify(apiBase)};
  var LABELS = ${JSON.stringify(labels)};
  function labelsOf(locale) {
    var key = String(locale || 'en');
    return LABELS[key] || LABELS[key.split('-')[0]] || LABELS.en;
  }
  function input(name, label, autocomplete, size) {
    var field = document.createElement('input');
    field.type = 'text';
    field.inputMode = 'numeric';
    field.name = 'sim-stripe-' + name;
    field.setAttribute('aria-label', label);
    field.setAttribute('placeholder', name === 'exp' ? 'MM / YY' : name === 'cvc' ? 'CVC' : '1234 1234 1234 1234');
    field.setAttribute('autocomplete', autocomplete);
    field.setAttribute('data-stripe-sim', name);
    field.size = size;
    field.style.cssText = 'border:0;outline-offset:2px;font:inherit;min-width:0;padding:4px;background:transparent;color:inherit';
    return field;
  }
  function CardElement(locale) {
    var text = labelsOf(locale);
    this._handlers = {};
    this._root = document.createElement('div');
    this._root.setAttribute('role', 'group');
    this._root.setAttribute('aria-label', text[0]);
    this._root.style.cssText = 'display:flex;gap:8px;align-items:center;flex-wrap:wrap';
    this._number = input('number', text[0], 'cc-number', 19);
    this._number.style.flex = '1 1 12em';
    this._exp = input('exp', text[1], 'cc-exp', 7);
    this._cvc = input('cvc', text[2], 'cc-csc', 4);
    this._root.appendChild(this._number);
    this._root.appendChild(this._exp);
    this._root.appendChild(this._cvc);
    var self = this;
    [this._number, this._exp, this._cvc].forEach(function (field) {
      field.addEventListener('input', function () { self._emit('change', { empty: self._empty(), complete: self._complete() }); });
    });
  }
  CardElement.prototype._emit = function (name, event) {
    (this._handlers[name] || []).forEach(function (fn) { fn(event); });
  };
  CardElement.prototype._empty = function () { return !this._number.value && !this._exp.value && !this._cvc.value; };
  CardElement.prototype._complete = function () { return !!(this._number.value && this._exp.value && this._cvc.value); };
  CardElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    node.appendChild(this._root);
    this._emit('ready', {});
  };
  CardElement.prototype.on = function (name, fn) { (this._handlers[name] = this._handlers[name] || []).push(fn); return this; };
  CardElement.prototype.focus = function () { this._number.focus(); };
  CardElement.prototype.clear = function () { this._number.value = this._exp.value = this._cvc.value = ''; };
  CardElement.prototype.destroy = function () { if (this._root.parentNode) this._root.parentNode.removeChild(this._root); };
  CardElement.prototype._card = function () {
    var exp = this._exp.value.replace(/[^0-9]/g, '');
    return {
      number: this._number.value.replace(/[^0-9]/g, ''),
      exp_month: exp.slice(0, 2),
      exp_year: exp.slice(2),
      cvc: this._cvc.value.replace(/[^0-9]/g, '')
    };
  };
  function post(path, fields) {
    var body = Object.keys(fields).filter(function (key) { return fields[key] != null; }).map(function (key) {
      return encodeURIComponent(key) + '=' + encodeURIComponent(fields[key]);
    }).join('&');
    return fetch(API + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      credentials: 'omit',
      body: body
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, json: json }; });
    });
  }
  window.Stripe = function (publishableKey, options) {
    var locale = options && options.locale;
    return {
      elements: function (elementOptions) {
        var elementsLocale = (elementOptions && elementOptions.locale) || locale;
        return { create: function (type) {
          if (type !== 'card') throw new Error('Kippu simulator: only the card Element is played');
          return new CardElement(elementsLocale);
        } };
      },
      createPaymentMethod: function (data) {
        var card = data && data.card;
        if (!(card instanceof CardElement)) {
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'No card Element.' } });
        }
        var values = card._card();
        var name = data.billing_details && data.billing_details.name;
        return post('/v1/payment_methods', {
          key: publishableKey,
          type: 'card',
          'card[number]': values.number,
          'card[exp_month]': values.exp_month,
          'card[exp_year]': values.exp_year,
          'card[cvc]': values.cvc,
          'billing_details[name]': name
        }).then(function (answer) {
          return answer.ok ? { paymentMethod: answer.json } : { error: answer.json.error };
        }, function () {
          return { error: { type: 'api_connection_error', message: 'The simulator could not be reached.' } };
        });
      }
    };
  };
})();
`;
}
