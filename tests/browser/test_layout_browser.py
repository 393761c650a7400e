"""Controls and tables that must fit the screen they are drawn on, at 1280×720 and on a
390×844 phone, in both languages (newcomer review 2, items 12, 16, 18 and 24)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import shot

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1280, 720), "phone": (390, 844)}


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """A page at a laptop's or a phone's size (the phone with touch, as the review had)."""
    name = request.param
    width, height = SIZES[name]
    phone = name == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-GB",
        is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1,
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield name, page
    context.close()


def wait_ready(page: Any) -> None:
    page.wait_for_selector('[data-testid="stApp"]')
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30_000
    )
    page.wait_for_timeout(300)


CUT_OFF = """(label) => {
  const group = [...document.querySelectorAll('[data-testid="stButtonGroup"]')]
    .find(g => g.innerText.startsWith(label));
  const box = group.getBoundingClientRect();
  return [...group.querySelectorAll('button')]
    .filter(b => { const r = b.getBoundingClientRect();
                   return r.left < box.left - 1 || r.right > box.right + 1; })
    .map(b => b.innerText);
}"""


@pytest.mark.parametrize(("lang", "kind"), [("en", "Kind"), ("it", "Tipo")])
def test_the_endless_practice_kinds_are_all_in_view(sized, server, lang, kind):
    name, page = sized
    page.goto(f"{server}/puzzles?gen=counting&players=4&seed=7&lang={lang}")
    page.get_by_text(kind, exact=True).first.wait_for()
    wait_ready(page)
    shot(page, f"puzzles-endless-kinds-{lang}-{name}")
    assert page.evaluate(CUT_OFF, kind) == []
