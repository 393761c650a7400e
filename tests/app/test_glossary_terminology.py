"""The glossary page shows the terminology table (one word per concept) in the page's language,
filtered by the search like the terms."""

from __future__ import annotations

from tests.app.conftest import open_app


def _table(at):
    return at.table[0].value


def test_the_glossary_page_shows_the_terminology_table_in_italian():
    at = open_app("glossary", lang="it")
    assert not at.exception
    assert "Una parola per concetto" in [h.value for h in at.subheader]
    table = _table(at)
    assert list(table.columns) == ["Francese", "Italiano", "Inglese"]
    row = table[table["Francese"] == "surcouper"]
    assert list(row["Italiano"]) == ["surtagliare"]


def test_the_search_filters_the_terminology_table_too():
    at = open_app("glossary", lang="en")
    at.text_input(key="glossary-search").input("cappotto").run()
    assert not at.exception
    table = _table(at)
    assert list(table["French"]) == ["chelem"]
    at.text_input(key="glossary-search").input("no such word").run()
    assert len(at.table) == 0
