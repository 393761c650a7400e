"""Who the learner of this session is: an account (sign-in) or an anonymous profile (cookie).

The learner is resolved once per session and kept in ``st.session_state`` (server side, so the
pages may trust it; AppTest tests preset it):

1. signed in (``st.user``, only when ``[auth]`` is configured in ``.streamlit/secrets.toml``)
   → the account's profile; on the first sign-in the visitor's anonymous profile becomes it;
2. else the ``tarot_learner`` cookie, ``<learner id>.<HMAC-SHA256 of the id>`` signed with the
   server's secret (``Database.secret()``, shared by every app process), when the signature
   holds and the profile exists and belongs to no account;
3. else a fresh anonymous learner id (32 random characters from ``secrets.token_urlsafe``),
   whose profile the learner's first write makes (a visit that saves nothing makes none:
   ``LEARNER_UNMADE`` holds the id until then), and the cookie is written in the browser by a
   tiny ``st.components.v2`` component.

Streamlit reads the cookies when the websocket session starts, so a reload (a new session)
finds the profile again; the cookie lasts a year and is renewed on every visit.
"""

from __future__ import annotations

import hashlib
import hmac

import sqlalchemy as sa
import streamlit as st

from tutor.progress import schema
from tutor.progress.store import Database, unmade_learner_id

COOKIE = "tarot_learner"
MAX_AGE = 365 * 24 * 3600  # seconds: a year, renewed on every visit
LEARNER = "learner-id"  # session state: the learner id of this session (no widget has it)
COOKIE_WANTED = "learner-cookie-wanted"  # session state: the cookie value the browser should hold
LEARNER_UNMADE = "learner-unmade"  # session state: the learner id whose profile is not made yet
COMPONENT_NAME = "tarot_tutor_learner_cookie"

# Writes (or, for an empty value, removes) the cookie on the app's own origin.
_JS = """
export default function (component) {
  const { data } = component;
  if (!data || typeof data.name !== 'string') {
    return;
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = typeof data.value === 'string' ? data.value : '';
  const age = value ? data.maxAge : 0;
  document.cookie = data.name + '=' + value + '; Max-Age=' + age + '; Path=/; SameSite=Lax'
    + secure;
}
"""

_cookie_component = st.components.v2.component(
    COMPONENT_NAME, html="<span hidden></span>", js=_JS
)


# --- the signed cookie ------------------------------------------------------------------------
def _mac(secret: bytes, learner_id: str) -> str:
    return hmac.new(secret, learner_id.encode(), hashlib.sha256).hexdigest()


def signed(secret: bytes, learner_id: str) -> str:
    """The cookie value for ``learner_id``: ``<id>.<hex HMAC-SHA256>``."""
    return f"{learner_id}.{_mac(secret, learner_id)}"


def verified(secret: bytes, value: object) -> str | None:
    """The learner id of a cookie value whose signature holds, else None."""
    if not isinstance(value, str) or len(value) > 200 or value.count(".") != 1:
        return None
    learner_id, mac = value.split(".")
    if not learner_id or not hmac.compare_digest(mac.encode(), _mac(secret, learner_id).encode()):
        return None
    return learner_id


# --- the learner of this session -----------------------------------------------------------
def auth_configured() -> bool:
    """Sign-in is offered only when ``[auth]`` is set in secrets (``st.user`` then always has
    ``is_logged_in``)."""
    try:
        return "is_logged_in" in st.user
    except Exception:  # no script context or unreadable secrets: treated as absent
        return False


def signed_in() -> bool:
    return auth_configured() and bool(st.user.get("is_logged_in"))


def _cookie_learner(db: Database, secret: bytes) -> str | None:
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # no script context or unreadable secrets: treated as absent
        return None
    learner_id = verified(secret, value)
    if learner_id is None or not db.learner_exists(learner_id) or is_account(db, learner_id):
        return None
    return learner_id


def is_account(db: Database, learner_id: str) -> bool:
    """Whether the profile belongs to an account (the store has no call for it: one query).
    An account's profile is never opened by a cookie, so signing out really signs out."""
    learners = schema.learners
    query = sa.select(learners.c.subject).where(learners.c.id == learner_id)
    return bool(db.run(lambda c: c.execute(query).scalar(), write=False))


def current_learner(db: Database, secret: bytes) -> str:
    """The learner id of this session, resolved on the first call (StoreError if the store
    cannot be reached: the caller reports it, and the next call tries again)."""
    known = st.session_state.get(LEARNER)
    if isinstance(known, str) and known:
        return known
    anonymous = _cookie_learner(db, secret)
    if signed_in():
        subject = str(st.user.get("sub") or "")
        learner_id = db.account_learner(subject, anonymous)
        st.session_state[COOKIE_WANTED] = ""  # the account, not a cookie, finds it from now on
    elif anonymous is not None:
        learner_id = anonymous
        st.session_state[COOKIE_WANTED] = signed(secret, learner_id)
    else:
        learner_id = unmade_learner_id()
        st.session_state[LEARNER_UNMADE] = learner_id
        st.session_state[COOKIE_WANTED] = signed(secret, learner_id)
    st.session_state[LEARNER] = learner_id
    return learner_id


def profile_unmade(learner_id: str) -> bool:
    """Whether this session's learner is a fresh id whose profile no write has made yet."""
    return st.session_state.get(LEARNER_UNMADE) == learner_id


def profile_made() -> None:
    """The first write made this session's profile."""
    st.session_state.pop(LEARNER_UNMADE, None)


def forget_learner() -> None:
    """This session no longer has a learner: the next store call resolves one again (after
    "delete my data", a fresh anonymous profile)."""
    st.session_state.pop(LEARNER, None)
    st.session_state.pop(COOKIE_WANTED, None)
    st.session_state.pop(LEARNER_UNMADE, None)


def remember_in_browser() -> None:
    """Write the cookie the browser should hold, when it does not hold it yet (the cookies
    Streamlit saw at the start of the session). Drawn on every run until the session ends, so
    a rerun that interrupts one run cannot lose it."""
    wanted = st.session_state.get(COOKIE_WANTED)
    if wanted is None:
        return
    try:
        held = st.context.cookies.get(COOKIE)
    except Exception:  # no script context or unreadable secrets: treated as absent
        held = None
    if wanted == (held or ""):
        return
    _cookie_component(
        key="learner-cookie",
        data={"name": COOKIE, "value": wanted, "maxAge": MAX_AGE},
        height=0,
    )
