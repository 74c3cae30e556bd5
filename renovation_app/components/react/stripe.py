"""@stripe/react-stripe-js wrapped for Reflex: the Elements provider and the card field.

Only the two pages that take payments render these, so only they load Stripe.js. The card
number never touches our server: Stripe.js sends it to Stripe and our handlers get back only
the PaymentIntent's id. `window.renovationConfirmCard(clientSecret, name)` (defined below)
is what the payment dialog calls once the server has made the PaymentIntent; for a US bank
account, `window.renovationConfirmBank(clientSecret, name)` opens Stripe's bank-linking modal
(collectBankAccountForPayment) and confirms the debit (confirmUsBankAccountPayment).
"""

import json

import reflex as rx
from reflex.event import no_args_event_spec, passthrough_event_spec

from renovation_app.settings import settings

STRIPE_JS = "@stripe/stripe-js@10.2.1"
STRIPE_JS_PURE = "@stripe/stripe-js/pure"  # the same package, loading Stripe.js when asked
REACT_STRIPE = "@stripe/react-stripe-js@7.0.1"

# The card field's look, in Stripe's own style object (it draws inside its iframe).
CARD_STYLE = {
    "base": {"fontSize": "16px", "color": "#0f172a", "::placeholder": {"color": "#64748b"}},
    "invalid": {"color": "#b91c1c"},
}

# Stripe.js is fetched on the first call, when the payment dialog opens (the `pure` entry does
# not add its script on import), so a page that is only read never loads it. A Stripe.js that
# cannot load (offline, blocked) resolves to null, which the card field shows.
STRIPE_PROMISE_JS = """
function renovationStripe() {
  if (typeof window === "undefined") return null;
  if (!window.__renovationStripePromise) {
    window.__renovationStripePromise = loadStripe(%(key)s).catch(() => null);
  }
  return window.__renovationStripePromise;
}

// The provider asks for Stripe.js in its own render, so only once it is mounted (the dialog
// is open): a prop written in the page's JSX would be evaluated with the page.
function RenovationElements({ children }) {
  const stripe = React.useMemo(() => renovationStripe(), []);
  return <Elements stripe={stripe}>{children}</Elements>;
}
"""
STRIPE_UNAVAILABLE = (
    "Card payments could not load. Check the connection and reload the page to try again."
)

# With event handlers the card field is memoized by Reflex into its page's memo module, so its
# definition travels with it (not with the page's route module).
CARD_FIELD_JS = """
function RenovationCardField({ onReady, onCardChange, id }) {
  const stripe = useStripe();
  const elements = useElements();
  const [unavailable, setUnavailable] = React.useState(false);
  React.useEffect(() => {
    window.__renovationStripe = { stripe, elements };
  }, [stripe, elements]);
  React.useEffect(() => {
    const loading = window.__renovationStripePromise;
    if (!loading) return undefined;
    let shown = true;
    loading.then((loaded) => {
      if (shown && !loaded) setUnavailable(true);
    });
    return () => { shown = false; };
  }, []);
  if (unavailable) {
    return (
      <p id={id} role="alert" className="text-sm font-medium text-red-700" data-testid="card-unavailable">
        %(unavailable)s
      </p>
    );
  }
  return (
    <div id={id} className="rounded-md border border-slate-300 bg-white px-4 py-3">
      <CardElement
        options={%(options)s}
        onReady={() => onReady && onReady()}
        onChange={(event) => onCardChange && onCardChange(event.error ? event.error.message : "")}
      />
    </div>
  );
}

// Confirms the card payment in the browser and answers in plain data for the server.
async function renovationConfirmCard(clientSecret, name) {
  const s = window.__renovationStripe;
  if (!s || !s.stripe || !s.elements) return { ok: false, kind: "not_ready", message: "" };
  try {
    const result = await s.stripe.confirmCardPayment(clientSecret, {
      payment_method: { card: s.elements.getElement(CardElement), billing_details: { name } },
    });
    if (result.error) {
      return {
        ok: false,
        kind: result.error.type || "",
        message: result.error.message || "",
        payment_intent: (result.error.payment_intent && result.error.payment_intent.id) || "",
      };
    }
    return { ok: true, payment_intent: result.paymentIntent.id, status: result.paymentIntent.status };
  } catch (error) {
    return { ok: false, kind: "exception", message: "" };
  }
}
if (typeof window !== "undefined") window.renovationConfirmCard = renovationConfirmCard;

function renovationStripeError(error) {
  return {
    ok: false,
    kind: error.type || "",
    message: error.message || "",
    payment_intent: (error.payment_intent && error.payment_intent.id) || "",
  };
}

// Links a US bank account in Stripe's modal, then confirms the debit (the customer accepted
// the mandate shown in the dialog by pressing Pay). A debit answers status "processing".
async function renovationConfirmBank(clientSecret, name) {
  const s = window.__renovationStripe;
  if (!s || !s.stripe) return { ok: false, kind: "not_ready", message: "" };
  try {
    const collected = await s.stripe.collectBankAccountForPayment({
      clientSecret,
      params: {
        payment_method_type: "us_bank_account",
        payment_method_data: { billing_details: { name } },
      },
    });
    if (collected.error) return renovationStripeError(collected.error);
    if (collected.paymentIntent.status === "requires_payment_method") {
      return { ok: false, kind: "bank_not_linked", message: "" };
    }
    const result = await s.stripe.confirmUsBankAccountPayment(clientSecret);
    if (result.error) return renovationStripeError(result.error);
    return { ok: true, payment_intent: result.paymentIntent.id, status: result.paymentIntent.status };
  } catch (error) {
    return { ok: false, kind: "exception", message: "" };
  }
}
if (typeof window !== "undefined") window.renovationConfirmBank = renovationConfirmBank;
"""


class StripeElements(rx.Component):
    """The Elements provider; it loads Stripe.js when it is first drawn."""

    tag = "RenovationElements"
    lib_dependencies: list[str] = [STRIPE_JS, REACT_STRIPE]

    def add_imports(self) -> dict:
        return {
            STRIPE_JS_PURE: [rx.ImportVar(tag="loadStripe")],
            REACT_STRIPE: [rx.ImportVar(tag="Elements")],
            "react": [rx.ImportVar(tag="React", is_default=True)],
        }

    def add_custom_code(self) -> list[str]:
        return [STRIPE_PROMISE_JS % {"key": json.dumps(settings.stripe_publishable_key)}]


class CardField(rx.Component):
    """Stripe's CardElement (the spec's card element) inside the provider above."""

    tag = "RenovationCardField"

    on_ready: rx.EventHandler[no_args_event_spec]
    on_card_change: rx.EventHandler[passthrough_event_spec(str)]

    def add_imports(self) -> dict:
        return {
            REACT_STRIPE: [
                rx.ImportVar(tag="CardElement"),
                rx.ImportVar(tag="useStripe"),
                rx.ImportVar(tag="useElements"),
            ],
            "react": [rx.ImportVar(tag="React", is_default=True)],
        }

    def add_custom_code(self) -> list[str]:
        options = {"hidePostalCode": True, "style": CARD_STYLE}
        return [CARD_FIELD_JS % {"options": json.dumps(options), "unavailable": STRIPE_UNAVAILABLE}]


def stripe_elements(*children: rx.Component) -> rx.Component:
    return StripeElements.create(*children)


def card_field(**props) -> rx.Component:
    return CardField.create(**props)
