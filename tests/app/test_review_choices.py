"""The review page's other decisions (AppTest): a deal where the learner took and made a bad
écart shows the écart's panel with its label and why, the best of the candidates said as
such, a row in the table of every decision, a point of the graph and a button of the jump
list, in both languages."""

from __future__ import annotations

import pytest

from tests.app.test_review_page import button, open_review, texts
from tests.review.test_choices import DEALER, ECART_SEEDS, bad_ecart_record
from tutor.engine.variants import FFT_2012
from tutor.practice import DealRow, next_seed
from tutor.progress.store import LearnerStore
from tutor.review.deal import DealReview
from tutor.ui.i18n import t
from tutor.ui.reviews import evaluation_table, graph_spec

SEED = ECART_SEEDS[0]


def bad_ecart_game(store: LearnerStore) -> int:
    record = bad_ecart_record(SEED)
    deal = record.deal()
    result = deal.result()
    moves = record.notation
    row = DealRow(1, SEED, DEALER, moves, result.marks, deal.taker, deal.contract,
                  result.score.made)
    data = {
        "version": 1, "players": 4, "rules": FFT_2012.name, "seed": SEED,
        "first_dealer": DEALER, "target": None, "coach": True, "rows": [row.to_data()],
        "current": {"number": 2, "seed": next_seed(SEED, 2), "dealer": 0, "moves": []},
    }
    return store.create_game("Practice (4 players)", "practice", data).id


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"panel": "Your écart", "heading": "Your other decisions", "row": "Écart",
            "candidates": "the best of these candidates, not the best écart there is",
            "why": "a void lets you trump that suit", "fine": "—"}),
    ("it", {"panel": "Il tuo scarto", "heading": "Le tue altre decisioni", "row": "Scarto",
            "candidates": "il migliore di questi candidati, non il miglior scarto possibile",
            "why": "un seme vuoto ti fa tagliare", "fine": "—"}),
])
def test_a_bad_ecart_is_labelled_on_the_page_with_its_why(
    mine: LearnerStore, lang: str, words: dict[str, str]
) -> None:
    game_id = bad_ecart_game(mine)
    at = open_review(lang=lang, game=str(game_id), deal="1")
    shown = texts(at)
    assert words["heading"] in shown
    [panel] = [e for e in at.expander if e.label.startswith(words["panel"])]
    assert words["candidates"] in shown and words["why"] in shown
    # "show me how": the deal played on from the best écart, the taker and the score said
    assert t(lang, "review.played_on.note") in shown
    taker = t(lang, "review.played_on.taker", seat=t(lang, "game.seats.you"), contract="")
    assert taker.split("(")[0] in shown
    assert [e for e in at.expander if e.label.startswith(t(lang, "review.how.heading",
                                                           best="|").split("|")[0])]
    labelled = [e.value for e in at.error] + [e.value for e in at.warning]
    assert any(str(text).startswith(("Blunder", "Mistake", "Inaccuracy", "Errore",
                                     "Imprecisione")) for text in labelled)
    jump = button(at, "review-goto-ecart")
    assert words["row"] in jump.label
    [table] = [d.value for d in at.dataframe if words["row"] in list(d.value.iloc[:, 0])]
    labels = dict(zip(table.iloc[:, 0], table.iloc[:, 2], strict=True))
    assert labels[words["row"]] != words["fine"]
    assert at.get("vega_lite_chart")  # the graph, with a point for the écart:
    stored = mine.deal_review(game_id, 1)
    assert stored is not None
    graph = evaluation_table(DealReview.from_data(stored), lang)
    [x] = set(graph[graph["what"] == words["row"]]["decision"])
    assert 0 < x < 1  # after the bid, before the first trick
    button(at, "review-goto-ecart").click().run()
    assert not at.exception
    assert panel.label.endswith(("blunder", "mistake", "inaccuracy", "errore grave", "errore",
                                 "imprecisione"))


def test_the_learners_line_has_the_same_colour_in_every_language(mine: LearnerStore) -> None:
    """Vega gives a nominal scale's colours in the sorted order of its values unless the
    domain is named; "After your choice" sorts first in English, "Dopo la tua scelta" second
    in Italian, so the learner's line would swap colours with the language."""
    game_id = bad_ecart_game(mine)
    open_review(lang="en", game=str(game_id), deal="1")
    stored = mine.deal_review(game_id, 1)
    assert stored is not None
    colours = {}
    for lang in ("en", "it"):
        scale = graph_spec(lang)["encoding"]["color"]["scale"]
        series = set(evaluation_table(DealReview.from_data(stored), lang)["series"])
        assert set(scale["domain"]) == series
        colour = dict(zip(scale["domain"], scale["range"], strict=True))
        colours[lang] = (colour[t(lang, "review.graph.played")],
                         colour[t(lang, "review.graph.best")])
    assert colours["en"] == colours["it"]
    assert colours["en"][0] != colours["en"][1]
