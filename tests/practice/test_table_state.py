"""What the practice table is given, without a browser: the events of a deal in the order they
happened (every card of a trick before the trick is gathered), the page state handing each
event to the table once, the score-sheet conversion, and the table's data (why a card is not
playable, every face sent)."""

from __future__ import annotations

from tutor.engine.cards import cards_of, format_card
from tutor.practice import LEARNER, PracticeGame, Stage
from tutor.practice.events import EventKind
from tutor.practice.page import PracticeState, Speed
from tutor.practice.sheet import game_sheet


def play_out(game: PracticeGame, take: bool = False) -> None:
    """The learner passes (or takes a garde), discards what is allowed, plays the first legal
    card."""
    deal = game.deal
    while not deal.finished:
        stage = deal.stage
        if stage is Stage.BID:
            bids = deal.legal_bids()
            garde = [b for b in bids if b is not None and b.code == "garde"]
            deal.bid(garde[0] if take and garde else None)
        elif stage is Stage.CALL:
            deal.call(deal.callable()[0])
        elif stage is Stage.ECART:
            refused = deal.discard_refusals()
            deal.discard(next(c for c in cards_of(deal.hand) if c not in refused))
        elif stage is Stage.CHELEM:
            deal.announce_chelem(False)
        elif stage is Stage.POIGNEE:
            deal.show_poignee(None)
        else:
            deal.play(cards_of(deal.legal_plays())[0])
    game.record()


def test_every_card_of_a_trick_is_an_event_before_the_trick_is_gathered() -> None:
    checked = 0
    for players, seed in ((3, 5), (4, 3), (5, 2)):
        game = PracticeGame.new(players, seed)
        play_out(game, take=True)
        deal = game.deal.deal
        if game.deal.stage is not Stage.FINISHED:
            continue
        events = game.deal.events
        trick: list[tuple[int, int]] = []
        gathered = []
        for event in events:
            if event.kind is EventKind.PLAY:
                assert event.trick == len(gathered)
                trick.append((event.seat, event.card))
            elif event.kind is EventKind.TRICK:
                record = deal.tricks[event.trick]
                assert trick == list(zip(record.seats, record.cards, strict=True))
                assert event.seat == record.winner
                gathered.append(event.trick)
                trick = []
        assert gathered == list(range(deal.tricks_per_deal))
        first_bid = next(e for e in events if e.kind is EventKind.BID)
        assert first_bid.seat == (deal.dealer + 1) % players
        checked += 1
    assert checked == 3, "choose seeds that are played, not redealt"


def test_the_table_is_given_each_event_once_and_a_new_deal_from_its_start() -> None:
    game = PracticeGame.new(4, 4)
    state = PracticeState(game)
    first = state.unwatched()
    assert first.first == 0 and len(first.events) == len(game.deal.events)
    assert state.unwatched().events == ()  # drawn again: nothing more to play
    game.deal.bid(None)
    after = state.unwatched()
    assert after.first == len(first.events)
    assert after.events[0] == {"kind": "bid", "seat": LEARNER, "contract": "pass"}
    assert after.key != first.key
    play_out(game)
    game.next_deal()
    fresh = state.unwatched()
    assert fresh.deal == 2 and fresh.first == 0


def test_a_resumed_game_does_not_play_its_past_again() -> None:
    game = PracticeGame.new(4, 4)
    game.deal.bid(None)
    state = PracticeState.resumed(PracticeGame.from_data(game.to_data()))
    assert state.unwatched().events == ()


def test_speeds_go_down_to_instant() -> None:
    assert [s.card_ms for s in Speed] == sorted((s.card_ms for s in Speed), reverse=True)
    assert Speed.INSTANT.card_ms == 0
    assert 300 <= Speed.NORMAL.card_ms <= 400


def test_the_score_sheet_of_a_game_has_the_marks_the_engine_gave() -> None:
    game = PracticeGame.new(5, 2)
    for _ in range(3):
        play_out(game, take=True)
        game.next_deal()
    played = [row for row in game.rows if row.redeal is None]
    sheet = game_sheet(game, ["You", "Right", "Across right", "Across left", "Left"])
    assert [tuple(d.marks) for d in sheet.scored()] == [row.marks for row in played]
    assert list(sheet.totals()) == game.totals


def test_the_table_data_says_why_a_card_is_not_playable_and_sends_every_face() -> None:
    from tutor.ui.practice.view import table_data

    game = PracticeGame.new(4, 4)
    game.deal.bid(None)
    if game.deal.stage is Stage.POIGNEE:
        game.deal.show_poignee(None)
    deal = game.deal.deal
    while not deal.trick or not [c for c in cards_of(deal.hands[LEARNER])
                                 if not deal.legal_plays() >> c & 1]:
        game.deal.play(cards_of(game.deal.legal_plays())[0])
    state = PracticeState.resumed(game)
    data = table_data(state, "en")
    legal = deal.legal_plays()
    for card in data["hand"]:
        playable = any(format_card(c) == card["card"] for c in cards_of(legal))
        assert card["playable"] is playable
        if not playable:
            assert ", not playable: " in card["label"] and "must" in card["label"]
    assert data["trick"] == [{"seat": s, "card": format_card(c)}
                             for s, c in zip(deal.trick_seats, deal.trick, strict=True)]
    shown = {c["card"] for c in data["hand"]} | {c["card"] for c in data["trick"]}
    assert shown <= set(data["faces"]) and shown <= set(data["names"])
    assert data["mode"] == "play" and data["hand_action"] == "play"


def test_the_chien_moves_aside_once_the_ecart_is_made_and_leaves_the_felt_at_the_first_card(
) -> None:
    """Newcomer review item 13: after the écart the chien is no longer shown in the middle of
    the felt like a trick in play; it is put aside (small, labelled as the chien that was)
    until the first card, then gone."""
    from tutor.ui.i18n import t
    from tutor.ui.practice.view import table_data

    game = PracticeGame.new(4, 3)
    deal = game.deal
    deal.bid(next(b for b in deal.legal_bids() if b is not None and b.code == "garde"))
    assert deal.stage is Stage.ECART
    strip = table_data(PracticeState.resumed(game), "en")["strip"]
    assert strip["aside"] is False and len(strip["cards"]) == 6
    chien = strip["cards"]
    while deal.stage is Stage.ECART:
        refused = deal.discard_refusals()
        deal.discard(next(c for c in cards_of(deal.hand) if c not in refused))
    for lang in ("en", "it"):
        strip = table_data(PracticeState.resumed(game), lang)["strip"]
        assert strip["aside"] is True and strip["cards"] == chien
        assert strip["label"] == t(lang, "game.ecart.chien_was")
    deal.announce_chelem(False)
    assert deal.stage is Stage.PLAY and not deal.deal.trick
    assert table_data(PracticeState.resumed(game), "en")["strip"]["aside"] is True
    deal.play(cards_of(deal.legal_plays())[0])
    assert table_data(PracticeState.resumed(game), "en")["strip"] is None
