"""The hand widget, driven through its pills fallback (AppTest cannot click in a component)."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest


def picker_app() -> None:
    import streamlit as st

    from tutor.engine.cards import format_card
    from tutor.ui.hand_widget import card_picker

    cards = st.session_state.get("cards", [13, 27, 76, 77])
    picked = card_picker(
        cards,
        key="hand",
        playable=st.session_state.get("playable"),
        selected=st.session_state.get("selected"),
        lang=st.session_state.get("lang", "en"),
    )
    st.write(f"picked: {'none' if picked is None else format_card(picked)}")


def run(**state: object) -> AppTest:
    at = AppTest.from_function(picker_app)
    for name, value in state.items():
        at.session_state[name] = value
    return at.run()


def shown(at: AppTest) -> str:
    return at.markdown[-1].value


def component_data(at: AppTest) -> dict:
    (element,) = at.get("bidi_component")
    return json.loads(element.proto.json)


def test_nothing_is_picked_at_first() -> None:
    at = run()
    assert not at.exception
    assert shown(at) == "picked: none"


def test_fallback_lists_the_cards_by_name() -> None:
    at = run()
    pills = at.pills(key="hand-fallback")
    assert pills.options == ["King of spades", "King of hearts", "Trump 21", "Excuse"]
    assert pills.value is None


def test_fallback_labels_follow_the_language() -> None:
    at = run(lang="it")
    assert at.pills(key="hand-fallback").options == [
        "Re di picche",
        "Re di cuori",
        "Atout 21",
        "Excuse",
    ]


def test_choosing_in_the_fallback_returns_the_card() -> None:
    at = run()
    at.pills(key="hand-fallback").set_value(27).run()
    assert not at.exception
    assert shown(at) == "picked: KH"


def test_a_choice_is_reported_once() -> None:
    at = run()
    at.pills(key="hand-fallback").set_value(77).run()
    assert shown(at) == "picked: EX"
    assert at.pills(key="hand-fallback").value is None
    at.run()
    assert shown(at) == "picked: none"


def test_the_same_card_can_be_chosen_again() -> None:
    at = run()
    at.pills(key="hand-fallback").set_value(13).run()
    at.run()
    at.pills(key="hand-fallback").set_value(13).run()
    assert shown(at) == "picked: KS"


def test_an_unplayable_card_can_still_be_chosen() -> None:
    at = run(playable={13})
    at.pills(key="hand-fallback").set_value(76).run()
    assert shown(at) == "picked: T21"


def test_the_component_gets_codes_names_and_dimmed_faces() -> None:
    at = run(playable={13, 77}, selected={76})
    data = component_data(at)
    assert [c["code"] for c in data["cards"]] == ["KS", "KH", "T21", "EX"]
    assert [c["name"] for c in data["cards"]] == [
        "King of spades",
        "King of hearts",
        "Trump 21",
        "Excuse",
    ]
    assert [c["playable"] for c in data["cards"]] == [True, False, False, True]
    assert [c["selected"] for c in data["cards"]] == [False, False, True, False]
    # dimmed when not playable, unless selected: a selected card is never dimmed
    assert ['opacity="0.35"' in c["svg"] for c in data["cards"]] == [False, True, False, False]


def test_the_hand_can_change_between_runs() -> None:
    at = run()
    at.session_state["cards"] = [13, 77]
    at.run()
    assert not at.exception
    assert at.pills(key="hand-fallback").options == ["King of spades", "Excuse"]
    assert [c["code"] for c in component_data(at)["cards"]] == ["KS", "EX"]


def several_app() -> None:
    import streamlit as st

    from tutor.ui.hand_widget import card_picker

    chosen: set[int] = st.session_state.setdefault("chosen", set())
    card_picker([13, 27, 76, 77], key="hand", selected=set(chosen), several=True,
                on_pick=lambda card: chosen.symmetric_difference_update({card}))
    st.write(f"chosen: {sorted(chosen)}")


def test_the_names_show_the_cards_selected_on_the_faces_and_a_name_toggles_its_card() -> None:
    """Newcomer review item 23: a card selected by a click on its face has its name marked
    too, and a click on a name selects or unselects the card as a click on its face does."""
    at = AppTest.from_function(several_app).run()
    pills = at.pills(key="hand-fallback")
    assert pills.value == []
    pills.set_value([27]).run()  # a name clicked: its card selected
    assert at.session_state["chosen"] == {27}
    at.session_state["chosen"] = {27, 77}  # a face clicked (its on_pick): the name follows
    at.run()
    assert at.pills(key="hand-fallback").value == [27, 77]
    at.pills(key="hand-fallback").set_value([77]).run()  # a marked name clicked: unselected
    assert not at.exception
    assert at.session_state["chosen"] == {77}
    assert at.pills(key="hand-fallback").value == [77]
