/*
 * A fake Stripe.js for browser tests, served in place of https://js.stripe.com/endive/stripe.js
 * (what @stripe/stripe-js@10.2.1 injects). It talks to the fake API in tests/fakes/stripe_server.py
 * at window.__FAKE_STRIPE_API (default https://api.stripe.com, which the tests route to the fake).
 *
 * What it provides: window.Stripe(publishableKey, options) with what @stripe/stripe-js's loader
 * and @stripe/react-stripe-js check and call (version "endive", _registerWrapper, registerAppInfo,
 * elements, createToken, createPaymentMethod, confirmCardPayment), plus retrievePaymentIntent.
 * Only the "card" Element exists. It renders plain inputs in the mount node instead of Stripe's
 * iframe:
 *   #fake-card-number  (label "Card number")
 *   #fake-card-expiry  (label "Expiration date (MM / YY)")
 *   #fake-card-cvc     (label "CVC")
 *   #fake-card-postal  (label "ZIP", only when hidePostalCode is not set, as Stripe shows it)
 * Like the iframe, key events typed in it do not reach the page (Escape fires the Element's
 * "escape" event instead); focus/blur/change/ready events are the Element's.
 *
 * confirmCardPayment POSTs form fields (no custom headers: a simple CORS request, as Stripe.js):
 *   POST {api}/v1/payment_intents/{id}/confirm
 *   key=<publishable key>&client_secret=...&expected_payment_method_type=card&use_stripe_sdk=true
 *   &payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242
 *   &payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2034
 *   &payment_method_data[card][cvc]=123&payment_method_data[billing_details][name]=...
 * and resolves {paymentIntent} or {error} (never rejects for card or API errors).
 *
 * US bank accounts (ACH Direct Debit), as Stripe.js does without the Payment Element:
 * collectBankAccountForPayment({clientSecret, params: {payment_method_type: "us_bank_account",
 * payment_method_data: {billing_details: {name}}}}) opens a fake of Stripe's bank-linking modal
 * (in place of Financial Connections), [data-fake-stripe-bank] with role="dialog" and one button
 * per test account of routing number 110000000:
 *   #fake-bank-success            "Success ••6789"              (000123456789)
 *   #fake-bank-account-closed     "Account closed ••1113"       (000111111113)
 *   #fake-bank-insufficient-funds "Insufficient funds ••2227"   (000222222227)
 *   #fake-bank-cancel             "Cancel" (resolves with status requires_payment_method)
 * A pick resolves {paymentIntent} with status requires_confirmation; then
 * confirmUsBankAccountPayment(clientSecret) POSTs the confirm with
 *   expected_payment_method_type=us_bank_account&payment_method_data[type]=us_bank_account
 *   &payment_method_data[us_bank_account][routing_number]=110000000
 *   &payment_method_data[us_bank_account][account_number]=...&...[billing_details][name]=...
 *   &mandate_data[customer_acceptance][type]=online
 *   &mandate_data[customer_acceptance][online][infer_from_client]=true
 * and resolves {paymentIntent} (status "processing") or {error}. The debit then waits for the
 * test to call FakeStripe.settle_bank_debit(pi_id) on the server side.
 *
 * window.__fakeStripe records what happened for tests: instances, wrappers, appInfo, requests.
 */
(function () {
  "use strict";

  var API = String(
    (typeof window.__FAKE_STRIPE_API === "string" && window.__FAKE_STRIPE_API) ||
      "https://api.stripe.com"
  ).replace(/\/+$/, "");
  var probe = (window.__fakeStripe = window.__fakeStripe || {
    instances: [],
    wrappers: [],
    appInfo: [],
    requests: [],
  });
  probe.api = API;

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = "IntegrationError";
    return error;
  }

  // ------------------------------------------------------------ form encoding and requests

  function encode(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (Array.isArray(value)) {
      value.forEach(function (item, i) {
        encode(item, prefix + "[" + i + "]", out);
      });
    } else if (typeof value === "object") {
      Object.keys(value).forEach(function (k) {
        encode(value[k], prefix ? prefix + "[" + k + "]" : k, out);
      });
    } else {
      out.push(encodeURIComponent(prefix) + "=" + encodeURIComponent(String(value)));
    }
    return out;
  }

  function apiRequest(method, path, params) {
    var body = encode(params, "", []).join("&");
    var url = API + path;
    var init = { method: method, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    if (method === "GET") url += "?" + body;
    else init.body = body;
    var entry = { method: method, path: path, params: params, status: null };
    probe.requests.push(entry);
    return fetch(url, init).then(
      function (response) {
        entry.status = response.status;
        return response.json().then(function (json) {
          if (json && json.error) return { error: json.error };
          return { result: json };
        });
      },
      function (err) {
        return {
          error: {
            type: "api_connection_error",
            message: "An error occurred while connecting to Stripe: " + (err && err.message),
          },
        };
      }
    );
  }

  // ------------------------------------------------------------ card rules

  var BRANDS = [
    ["amex", /^3[47]/, [15], 4],
    ["diners", /^3(0[0-5]|[689])/, [14, 16], 3],
    ["discover", /^(6011|65|64[4-9])/, [16], 3],
    ["jcb", /^35/, [16], 3],
    ["unionpay", /^62/, [16, 17, 18, 19], 3],
    ["visa", /^4/, [16, 13, 19], 3],
    ["mastercard", /^(5[1-5]|2[2-7])/, [16], 3],
  ];

  function brandOf(digits) {
    for (var i = 0; i < BRANDS.length; i++) {
      if (BRANDS[i][1].test(digits)) {
        return { name: BRANDS[i][0], lengths: BRANDS[i][2], cvc: BRANDS[i][3] };
      }
    }
    return { name: "unknown", lengths: [16], cvc: 3 };
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = +digits[digits.length - 1 - i];
      if (i % 2) d = d > 4 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  function onlyDigits(s) {
    return String(s || "").replace(/\D/g, "");
  }

  function formatNumber(digits, brand) {
    var groups = brand === "amex" ? [4, 6, 5] : brand === "diners" && digits.length <= 14 ? [4, 6, 4] : [4, 4, 4, 4, 3];
    var out = [];
    var pos = 0;
    for (var i = 0; i < groups.length && pos < digits.length; i++) {
      out.push(digits.slice(pos, pos + groups[i]));
      pos += groups[i];
    }
    return out.join(" ");
  }

  function verr(code, message) {
    return { type: "validation_error", code: code, message: message };
  }

  // Each field: {complete, error (shown now), pending (reported when blurred or confirming)}.
  function checkNumber(raw) {
    var digits = onlyDigits(raw);
    var brand = brandOf(digits);
    var max = Math.max.apply(null, brand.lengths);
    if (!digits) return { brand: brand, pending: verr("incomplete_number", "Your card number is incomplete.") };
    if (digits.length >= max || (brand.lengths.indexOf(digits.length) >= 0 && luhn(digits))) {
      if (brand.lengths.indexOf(digits.length) < 0 || !luhn(digits)) {
        return { brand: brand, error: verr("invalid_number", "Your card number is invalid.") };
      }
      return { brand: brand, complete: true, digits: digits };
    }
    return { brand: brand, pending: verr("incomplete_number", "Your card number is incomplete.") };
  }

  function checkExpiry(raw) {
    var digits = onlyDigits(raw);
    var incomplete = verr("incomplete_expiry", "Your card's expiration date is incomplete.");
    if (digits.length < 4) {
      if (digits.length >= 2 && (+digits.slice(0, 2) < 1 || +digits.slice(0, 2) > 12)) {
        return { error: verr("invalid_expiry_month", "Your card's expiration month is invalid.") };
      }
      return { pending: incomplete };
    }
    var month = +digits.slice(0, 2);
    var year = 2000 + +digits.slice(2, 4);
    var now = new Date();
    if (month < 1 || month > 12) {
      return { error: verr("invalid_expiry_month", "Your card's expiration month is invalid.") };
    }
    if (year < now.getFullYear()) {
      return { error: verr("invalid_expiry_year_past", "Your card's expiration year is in the past.") };
    }
    if (year === now.getFullYear() && month < now.getMonth() + 1) {
      return { error: verr("invalid_expiry_month_past", "Your card's expiration date is in the past.") };
    }
    if (year > now.getFullYear() + 50) {
      return { error: verr("invalid_expiry_year", "Your card's expiration year is invalid.") };
    }
    return { complete: true, month: month, year: year };
  }

  function checkCvc(raw, brand) {
    var digits = onlyDigits(raw);
    if (digits.length >= brand.cvc) return { complete: true, digits: digits };
    return { pending: verr("incomplete_cvc", "Your card's security code is incomplete.") };
  }

  function checkPostal(raw) {
    var value = String(raw || "").trim();
    if (value.length >= 3) return { complete: true, value: value };
    return { pending: verr("incomplete_zip", "Your postal code is incomplete.") };
  }

  // ------------------------------------------------------------ key isolation (as an iframe)

  var elementsByNode = [];
  function ownerElement(target) {
    var node = target && target.closest ? target.closest("[data-fake-stripe-element]") : null;
    if (!node) return null;
    for (var i = 0; i < elementsByNode.length; i++) {
      if (elementsByNode[i].node === node) return elementsByNode[i].element;
    }
    return null;
  }
  ["keydown", "keypress", "keyup"].forEach(function (type) {
    window.addEventListener(
      type,
      function (event) {
        var element = ownerElement(event.target);
        if (!element) return;
        event.stopPropagation(); // the page never sees keys typed into Stripe's iframe
        if (type === "keydown" && event.key === "Escape") element._emit("escape", { elementType: "card" });
      },
      true
    );
  });

  // ------------------------------------------------------------ the card Element

  var SR_ONLY =
    "position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0;";
  var INPUT_STYLE =
    "border:0;outline:none;background:transparent;font:inherit;color:inherit;padding:0;margin:0;min-width:0;";

  function CardElement(group, options) {
    this._group = group;
    this._options = Object.assign({}, options || {});
    this._handlers = {};
    this._values = { number: "", expiry: "", cvc: "", postal: (this._options.value && this._options.value.postalCode) || "" };
    this._touched = {};
    this._container = null;
    this._root = null;
    this._inputs = {};
    this._mountCount = 0;
    this._destroyed = false;
    this._focused = false;
  }

  CardElement.prototype._showPostal = function () {
    return !this._options.hidePostalCode;
  };

  CardElement.prototype._state = function () {
    var number = checkNumber(this._values.number);
    var expiry = checkExpiry(this._values.expiry);
    var cvc = checkCvc(this._values.cvc, number.brand);
    var fields = [["number", number], ["expiry", expiry], ["cvc", cvc]];
    if (this._showPostal()) fields.push(["postal", checkPostal(this._values.postal)]);
    var shown;
    var first;
    var complete = true;
    for (var i = 0; i < fields.length; i++) {
      var name = fields[i][0];
      var f = fields[i][1];
      if (!f.complete) complete = false;
      var problem = f.error || f.pending;
      if (problem && !first) first = problem;
      if (!shown && (f.error || (f.pending && this._touched[name] && this._values[name]))) {
        shown = f.error || f.pending;
      }
    }
    var empty = !this._values.number && !this._values.expiry && !this._values.cvc && !(this._showPostal() && this._values.postal);
    return {
      complete: complete,
      empty: empty,
      error: shown,
      firstError: first,
      brand: number.brand.name,
      number: number,
      expiry: expiry,
      cvc: cvc,
    };
  };

  CardElement.prototype._emit = function (event, payload) {
    var list = (this._handlers[event] || []).slice();
    for (var i = 0; i < list.length; i++) {
      try {
        list[i].call(this, payload);
      } catch (err) {
        setTimeout(function () {
          throw err;
        });
      }
    }
  };

  CardElement.prototype._changed = function () {
    var state = this._state();
    this._paintClasses(state);
    this._emit("change", {
      elementType: "card",
      empty: state.empty,
      complete: state.complete,
      error: state.error,
      brand: state.brand,
      value: { postalCode: this._showPostal() ? this._values.postal : "" },
    });
  };

  CardElement.prototype._classes = function () {
    var c = this._options.classes || {};
    return {
      base: c.base || "StripeElement",
      complete: c.complete || "StripeElement--complete",
      empty: c.empty || "StripeElement--empty",
      focus: c.focus || "StripeElement--focus",
      invalid: c.invalid || "StripeElement--invalid",
    };
  };

  CardElement.prototype._paintClasses = function (state) {
    if (!this._container) return;
    var c = this._classes();
    var list = this._container.classList;
    var add = function (names, on) {
      String(names).split(/\s+/).filter(Boolean).forEach(function (n) {
        list.toggle(n, !!on);
      });
    };
    add(c.base, true);
    add(c.complete, state.complete);
    add(c.empty, state.empty);
    add(c.focus, this._focused);
    add(c.invalid, !!state.error);
    var invalidField = state.error ? state.error.code : "";
    var map = { number: /number/, expiry: /expiry/, cvc: /cvc/, postal: /zip/ };
    for (var key in this._inputs) {
      this._inputs[key].setAttribute("aria-invalid", map[key].test(invalidField) ? "true" : "false");
    }
  };

  CardElement.prototype._render = function () {
    var self = this;
    var root = document.createElement("div");
    root.setAttribute("data-fake-stripe-element", "card");
    root.style.cssText = "display:flex;gap:0.5em;align-items:center;width:100%;";
    var fields = [
      ["number", "fake-card-number", "Card number", "1234 1234 1234 1234", "cc-number", "cardnumber", "flex:1 1 10em;"],
      ["expiry", "fake-card-expiry", "Expiration date (MM / YY)", "MM / YY", "cc-exp", "exp-date", "flex:0 0 5em;"],
      ["cvc", "fake-card-cvc", "CVC", "CVC", "cc-csc", "cvc", "flex:0 0 3.5em;"],
    ];
    if (this._showPostal()) {
      fields.push(["postal", "fake-card-postal", "ZIP", "ZIP", "postal-code", "postal", "flex:0 0 5em;"]);
    }
    this._inputs = {};
    fields.forEach(function (f) {
      var label = document.createElement("label");
      label.htmlFor = f[1];
      label.textContent = f[2];
      label.style.cssText = SR_ONLY;
      var input = document.createElement("input");
      input.id = f[1];
      input.type = "text";
      input.name = f[5];
      input.placeholder = f[3];
      input.autocomplete = f[4];
      input.spellcheck = false;
      input.style.cssText = INPUT_STYLE + f[6];
      if (f[0] !== "postal") input.inputMode = "numeric";
      input.disabled = !!self._options.disabled;
      input.value = self._display(f[0]);
      input.addEventListener("input", function () {
        self._values[f[0]] = self._normalize(f[0], input.value);
        var shown = self._display(f[0]);
        if (input.value !== shown) input.value = shown;
        self._changed();
      });
      input.addEventListener("blur", function () {
        self._touched[f[0]] = true;
        if (self._values[f[0]]) self._changed();
      });
      root.appendChild(label);
      root.appendChild(input);
      self._inputs[f[0]] = input;
    });
    root.addEventListener("focusin", function (event) {
      if (!self._focused) {
        self._focused = true;
        self._paintClasses(self._state());
        self._emit("focus", { elementType: "card" });
      }
    });
    root.addEventListener("focusout", function (event) {
      if (event.relatedTarget && root.contains(event.relatedTarget)) return;
      self._focused = false;
      self._paintClasses(self._state());
      self._emit("blur", { elementType: "card" });
    });
    return root;
  };

  CardElement.prototype._normalize = function (field, value) {
    if (field === "postal") return String(value).slice(0, 10);
    var digits = onlyDigits(value);
    if (field === "number") {
      var brand = brandOf(digits);
      return digits.slice(0, Math.max.apply(null, brand.lengths));
    }
    if (field === "expiry") {
      if (digits.length === 1 && digits > "1") digits = "0" + digits;
      return digits.slice(0, 4);
    }
    return digits.slice(0, brandOf(onlyDigits(this._values.number)).cvc);
  };

  CardElement.prototype._display = function (field) {
    var v = this._values[field];
    if (field === "number") return formatNumber(v, brandOf(v).name);
    if (field === "expiry") return v.length > 2 ? v.slice(0, 2) + " / " + v.slice(2) : v;
    return v;
  };

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw IntegrationError("This Element has already been destroyed. Please create a new one.");
    if (this._container) {
      throw IntegrationError("This Element is already mounted. Use `unmount` to unmount the Element before re-mounting.");
    }
    var node = typeof target === "string" ? document.querySelector(target) : target;
    if (!node || node.nodeType !== 1) {
      throw IntegrationError(
        "The selector you specified (" + target + ") applies to no DOM elements that are currently on the page.\n" +
          "Make sure the element exists on the page before calling mount()."
      );
    }
    this._container = node;
    this._root = this._render();
    node.appendChild(this._root);
    elementsByNode.push({ node: this._root, element: this });
    this._paintClasses(this._state());
    var self = this;
    var mountId = ++this._mountCount;
    // Stripe's iframe is ready a little later; listeners attached right after mount see it.
    setTimeout(function () {
      if (self._container && self._mountCount === mountId && !self._destroyed) {
        self._emit("ready", { elementType: "card" });
      }
    }, 50);
  };

  CardElement.prototype.unmount = function () {
    if (!this._container) return;
    var self = this;
    elementsByNode = elementsByNode.filter(function (e) {
      return e.element !== self;
    });
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    var c = this._classes();
    var list = this._container.classList;
    [c.base, c.complete, c.empty, c.focus, c.invalid].forEach(function (names) {
      String(names).split(/\s+/).filter(Boolean).forEach(function (n) {
        list.remove(n);
      });
    });
    this._container = null;
    this._root = null;
    this._inputs = {};
    this._focused = false;
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    this._group._forget(this);
  };

  CardElement.prototype.on = function (event, handler) {
    if (typeof handler !== "function") throw IntegrationError("The handler for `" + event + "` must be a function.");
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };

  CardElement.prototype.off = function (event, handler) {
    if (!this._handlers[event]) return this;
    if (!handler) delete this._handlers[event];
    else this._handlers[event] = this._handlers[event].filter(function (h) {
      return h !== handler && h._original !== handler;
    });
    return this;
  };

  CardElement.prototype.once = function (event, handler) {
    var self = this;
    var wrapper = function (payload) {
      self.off(event, wrapper);
      handler.call(self, payload);
    };
    wrapper._original = handler;
    return this.on(event, wrapper);
  };

  CardElement.prototype.update = function (options) {
    options = options || {};
    var rerender = "hidePostalCode" in options && !!options.hidePostalCode !== !!this._options.hidePostalCode;
    Object.assign(this._options, options);
    if (options.value && typeof options.value.postalCode === "string") {
      this._values.postal = options.value.postalCode;
      if (this._inputs.postal) this._inputs.postal.value = this._values.postal;
    }
    if (rerender && this._container) {
      var container = this._container;
      var handlers = this._handlers;
      this.unmount();
      this._handlers = handlers;
      this.mount(container);
    }
    for (var key in this._inputs) this._inputs[key].disabled = !!this._options.disabled;
    if (this._container) this._paintClasses(this._state());
  };

  CardElement.prototype.focus = function () {
    if (this._inputs.number) this._inputs.number.focus();
  };

  CardElement.prototype.blur = function () {
    var active = document.activeElement;
    if (active && this._root && this._root.contains(active)) active.blur();
  };

  CardElement.prototype.clear = function () {
    this._values = { number: "", expiry: "", cvc: "", postal: "" };
    this._touched = {};
    for (var key in this._inputs) this._inputs[key].value = "";
    this._changed();
  };

  // What confirmCardPayment / createPaymentMethod send, or a validation error.
  CardElement.prototype._paymentMethodData = function (billingDetails) {
    if (this._destroyed || !this._container) {
      throw IntegrationError(
        "We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted."
      );
    }
    for (var key in this._values) if (this._values[key]) this._touched[key] = true;
    var state = this._state();
    if (!state.complete) {
      this._changed();
      return { error: state.firstError };
    }
    var billing = Object.assign({}, billingDetails || {});
    if (this._showPostal()) {
      billing.address = Object.assign({}, billing.address || {}, { postal_code: this._values.postal.trim() });
    }
    return {
      data: {
        type: "card",
        card: {
          number: state.number.digits,
          exp_month: state.expiry.month,
          exp_year: state.expiry.year,
          cvc: state.cvc.digits,
        },
        billing_details: billing,
      },
    };
  };

  // ------------------------------------------------------------ Elements group

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = Object.assign({}, options || {});
    this._elements = [];
  }

  Elements.prototype.create = function (type, options) {
    if (type !== "card") {
      throw IntegrationError("The fake Stripe.js supports only the `card` Element, not `" + type + "`.");
    }
    if (this.getElement("card")) throw IntegrationError("Can only create one Element of type card.");
    var element = new CardElement(this, options);
    this._elements.push(element);
    return element;
  };

  Elements.prototype.getElement = function (type) {
    var name = type && typeof type !== "string" ? type.__elementType : type;
    for (var i = 0; i < this._elements.length; i++) {
      if (name === "card") return this._elements[i];
    }
    return null;
  };

  Elements.prototype._forget = function (element) {
    this._elements = this._elements.filter(function (e) {
      return e !== element;
    });
  };

  Elements.prototype.update = function (options) {
    Object.assign(this._options, options || {});
    return Promise.resolve();
  };

  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  Elements.prototype.on = function () {};
  Elements.prototype.off = function () {};

  // ------------------------------------------------------------ the Stripe object

  var CLIENT_SECRET = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

  function FakeStripeInstance(key, options) {
    this._key = key;
    this._options = options || {};
  }

  FakeStripeInstance.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  FakeStripeInstance.prototype.registerAppInfo = function (info) {
    if (!info || typeof info.name !== "string") throw IntegrationError("registerAppInfo: name is required.");
    probe.appInfo.push(info);
  };

  FakeStripeInstance.prototype._registerWrapper = function (wrapper) {
    probe.wrappers.push(wrapper);
  };

  FakeStripeInstance.prototype._cardData = function (pm) {
    if (typeof pm === "string") return { params: { payment_method: pm } };
    if (!pm || typeof pm !== "object") return { params: {} };
    var card = pm.card;
    if (!(card instanceof CardElement)) {
      throw IntegrationError("Invalid value for payment_method.card: should be a card Element.");
    }
    var collected = card._paymentMethodData(pm.billing_details);
    if (collected.error) return { error: collected.error };
    return { params: { payment_method_data: collected.data } };
  };

  FakeStripeInstance.prototype.confirmCardPayment = function (clientSecret, data, options) {
    var match = typeof clientSecret === "string" && clientSecret.match(CLIENT_SECRET);
    if (!match) {
      throw IntegrationError(
        "Invalid value for confirmCardPayment intent secret: value should be a client_secret string. You specified: " +
          clientSecret + "."
      );
    }
    data = data || {};
    var collected;
    try {
      collected =
        typeof data.payment_method === "string"
          ? { params: { payment_method: data.payment_method } }
          : this._cardData(data.payment_method);
    } catch (err) {
      return Promise.reject(err);
    }
    if (collected.error) return Promise.resolve({ error: collected.error });
    var params = Object.assign(
      { key: this._key, client_secret: clientSecret, expected_payment_method_type: "card", use_stripe_sdk: "true" },
      collected.params
    );
    ["receipt_email", "return_url", "setup_future_usage", "shipping"].forEach(function (name) {
      if (data[name] !== undefined) params[name] = data[name];
    });
    return apiRequest("POST", "/v1/payment_intents/" + match[1] + "/confirm", params).then(function (r) {
      if (r.error) return { error: r.error };
      if (r.result.status === "requires_action") {
        return { error: { type: "invalid_request_error", message: "The fake Stripe.js cannot handle next actions (3-D Secure)." } };
      }
      return { paymentIntent: r.result };
    });
  };

  FakeStripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
    var match = typeof clientSecret === "string" && clientSecret.match(CLIENT_SECRET);
    if (!match) {
      throw IntegrationError("Invalid value for retrievePaymentIntent: value should be a client_secret string.");
    }
    return apiRequest("GET", "/v1/payment_intents/" + match[1], { key: this._key, client_secret: clientSecret }).then(
      function (r) {
        return r.error ? { error: r.error } : { paymentIntent: r.result };
      }
    );
  };

  FakeStripeInstance.prototype.createPaymentMethod = function (typeOrData, element, extra) {
    var data = typeof typeOrData === "string" ? Object.assign({ type: typeOrData, card: element }, extra || {}) : typeOrData || {};
    if (data.type !== "card") return Promise.reject(IntegrationError("The fake Stripe.js creates card PaymentMethods only."));
    var collected;
    try {
      collected = this._cardData({ card: data.card || data.element, billing_details: data.billing_details });
    } catch (err) {
      return Promise.reject(err);
    }
    if (collected.error) return Promise.resolve({ error: collected.error });
    var params = Object.assign({ key: this._key }, collected.params.payment_method_data);
    return apiRequest("POST", "/v1/payment_methods", params).then(function (r) {
      return r.error ? { error: r.error } : { paymentMethod: r.result };
    });
  };

  // ------------------------------------------------------------ US bank accounts

  var TEST_BANK_ACCOUNTS = [
    ["fake-bank-success", "Success", "000123456789"],
    ["fake-bank-account-closed", "Account closed", "000111111113"],
    ["fake-bank-insufficient-funds", "Insufficient funds", "000222222227"],
  ];

  function pickBankAccount() {
    return new Promise(function (resolve) {
      var modal = document.createElement("div");
      modal.setAttribute("data-fake-stripe-bank", "");
      modal.setAttribute("role", "dialog");
      modal.setAttribute("aria-modal", "true");
      modal.setAttribute("aria-label", "Link your bank account");
      // above the app's dialog, as Stripe's own modal iframe is
      modal.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;" +
        "justify-content:center;background:rgba(15,23,42,.6);pointer-events:auto;";
      var box = document.createElement("div");
      box.style.cssText = "background:#fff;padding:24px;border-radius:8px;display:flex;flex-direction:column;gap:8px;";
      var title = document.createElement("p");
      title.textContent = "Test Institution: choose an account";
      box.appendChild(title);
      function done(account) {
        modal.remove();
        resolve(account);
      }
      TEST_BANK_ACCOUNTS.forEach(function (a) {
        var button = document.createElement("button");
        button.type = "button";
        button.id = a[0];
        button.textContent = a[1] + " \u2022\u2022" + a[2].slice(-4);
        button.addEventListener("click", function () {
          done(a[2]);
        });
        box.appendChild(button);
      });
      var cancel = document.createElement("button");
      cancel.type = "button";
      cancel.id = "fake-bank-cancel";
      cancel.textContent = "Cancel";
      cancel.addEventListener("click", function () {
        done(null);
      });
      box.appendChild(cancel);
      modal.appendChild(box);
      document.body.appendChild(modal);
    });
  }

  FakeStripeInstance.prototype.collectBankAccountForPayment = function (options) {
    options = options || {};
    var clientSecret = options.clientSecret;
    var match = typeof clientSecret === "string" && clientSecret.match(CLIENT_SECRET);
    if (!match) {
      return Promise.reject(IntegrationError("collectBankAccountForPayment: clientSecret should be a client_secret string."));
    }
    var params = options.params || {};
    var billing = (params.payment_method_data || {}).billing_details || {};
    if (params.payment_method_type !== "us_bank_account") {
      return Promise.reject(IntegrationError("collectBankAccountForPayment: params.payment_method_type must be us_bank_account."));
    }
    if (!billing.name) {
      return Promise.reject(
        IntegrationError("collectBankAccountForPayment: params.payment_method_data.billing_details.name is required.")
      );
    }
    var self = this;
    self._bankChoices = self._bankChoices || {};
    return this.retrievePaymentIntent(clientSecret).then(function (r) {
      if (r.error) return r;
      return pickBankAccount().then(function (account) {
        var intent = Object.assign({}, r.paymentIntent);
        if (!account) {
          intent.status = "requires_payment_method";
          return { paymentIntent: intent };
        }
        self._bankChoices[clientSecret] = { account: account, billing_details: billing };
        intent.status = "requires_confirmation";
        intent.payment_method = {
          type: "us_bank_account",
          billing_details: billing,
          us_bank_account: { bank_name: "STRIPE TEST BANK", last4: account.slice(-4), routing_number: "110000000" },
        };
        return { paymentIntent: intent };
      });
    });
  };

  FakeStripeInstance.prototype.confirmUsBankAccountPayment = function (clientSecret, data) {
    var match = typeof clientSecret === "string" && clientSecret.match(CLIENT_SECRET);
    if (!match) {
      return Promise.reject(IntegrationError("confirmUsBankAccountPayment: value should be a client_secret string."));
    }
    var choice = (this._bankChoices || {})[clientSecret];
    data = data || {};
    var params = {
      key: this._key,
      client_secret: clientSecret,
      expected_payment_method_type: "us_bank_account",
      use_stripe_sdk: "true",
      mandate_data: { customer_acceptance: { type: "online", online: { infer_from_client: "true" } } },
    };
    if (typeof data.payment_method === "string") {
      params.payment_method = data.payment_method;
    } else if (choice) {
      params.payment_method_data = {
        type: "us_bank_account",
        us_bank_account: { routing_number: "110000000", account_number: choice.account, account_holder_type: "individual" },
        billing_details: choice.billing_details,
      };
    } else {
      return Promise.resolve({
        error: { type: "invalid_request_error", message: "No bank account was collected for this payment." },
      });
    }
    return apiRequest("POST", "/v1/payment_intents/" + match[1] + "/confirm", params).then(function (r) {
      return r.error ? { error: r.error } : { paymentIntent: r.result };
    });
  };

  function notImplemented(name) {
    return function () {
      return Promise.reject(IntegrationError("The fake Stripe.js does not implement stripe." + name + "()."));
    };
  }
  [
    "createToken",
    "createSource",
    "confirmPayment",
    "confirmCardSetup",
    "confirmSetup",
    "handleCardAction",
    "handleNextAction",
    "retrieveSetupIntent",
  ].forEach(function (name) {
    FakeStripeInstance.prototype[name] = notImplemented(name);
  });
  FakeStripeInstance.prototype.paymentRequest = function () {
    throw IntegrationError("The fake Stripe.js does not implement stripe.paymentRequest().");
  };

  function Stripe(key, options) {
    if (typeof key !== "string" || !key) {
      throw IntegrationError("Invalid value for Stripe(): apiKey should be a string. You specified: " + key + ".");
    }
    if (/^(sk|rk)_/.test(key)) {
      throw IntegrationError("You should not use your secret key with Stripe.js.\nPlease pass a publishable key instead.");
    }
    if (!/^pk_(test|live)_/.test(key)) throw IntegrationError("Invalid API Key provided: " + key);
    var instance = new FakeStripeInstance(key, options);
    probe.instances.push({ key: key, options: options || null });
    return instance;
  }
  Stripe.version = "endive"; // @stripe/stripe-js@10 warns unless the release train matches
  Stripe.__fake = true;

  window.Stripe = Stripe;
})();
