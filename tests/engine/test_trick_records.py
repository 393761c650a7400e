"""A deal keeps its finished tricks as (leader, cards, winner) and makes the TrickRecords when
``tricks`` is read: the records must be the ones the tricks were, the same objects at every
read (the bots' knowledge checks them by identity), and follow an undo."""

from __future__ import annotations

from tests.engine.builders import lowest_legal
from tutor.engine.contracts import Contract
from tutor.engine.game import Deal, Phase, TrickRecord


def playing_deal(seed: int) -> Deal:
    d = Deal.new(4, seed)
    while d.phase is Phase.BIDDING:
        d.bid(Contract.GARDE_SANS if d.highest is None else None)
    d.announce_chelem(False)
    return d


def seed_in_play() -> Deal:
    return next(d for d in map(playing_deal, range(50)) if d.phase is Phase.PLAYING)


def test_each_record_names_the_trick_as_played():
    d = seed_in_play()
    played: list[tuple[int, int]] = []  # (seat, card) in playing order
    while d.phase is Phase.PLAYING:
        seat, card = d.to_play, lowest_legal(d)
        d.play(card)
        played.append((seat, card))
    assert len(d.tricks) == d.tricks_per_deal
    for i, record in enumerate(d.tricks):
        assert type(record) is TrickRecord
        seats, cards = zip(*played[4 * i : 4 * i + 4], strict=True)
        assert (record.leader, record.seats, record.cards) == (seats[0], seats, cards)
        following = d.tricks[i + 1].leader if i + 1 < len(d.tricks) else record.winner
        assert record.winner == following


def test_records_are_the_same_objects_at_every_read():
    d = seed_in_play()
    for _ in range(9):
        d.play(lowest_legal(d))
    first = d.tricks
    kept = list(first)
    for _ in range(8):
        d.play(lowest_legal(d))
    assert all(a is b for a, b in zip(kept, d.tricks, strict=False))
    assert len(d.tricks) == 4


def test_an_undone_trick_played_otherwise_gets_a_new_record():
    d = seed_in_play()
    for _ in range(3):
        d.play(lowest_legal(d))
    last = d.legal_plays()
    d.play((last & -last).bit_length() - 1)
    old = d.tricks[0]
    d.pop()
    assert d.tricks == [] and len(d.trick) == 3
    other = last & (last - 1)
    if other:  # another legal card for the trick's last player
        card = (other & -other).bit_length() - 1
        d.play(card)
        assert d.tricks[0] is not old and d.tricks[0].cards[-1] == card


def test_a_copy_keeps_its_own_records():
    d = seed_in_play()
    for _ in range(4):
        d.play(lowest_legal(d))
    c = d.copy()
    for _ in range(4):
        c.play(lowest_legal(c))
    assert len(d.tricks) == 1 and len(c.tricks) == 2 and c.tricks[0] == d.tricks[0]
