"""Own Trumps rules (own-trumps.md): every numbered rule, every Part-3 default and every option, each
in an exact situation from a stacked deck (own_trumps_helpers). The test vectors of §2.15 are in
test_own_trumps_vectors.py; bad input is in test_own_trumps_input.py.
"""

from collections import Counter

import pytest
from own_trumps_helpers import NAMES, Table, two_player_table

from pygames_wasm.core import NO_SETUP, GameError, game_rng
from pygames_wasm.core.i18n import render
from pygames_wasm.games import own_trumps as G

A, B, C, D = 0, 1, 2, 3


# --- R1, R2: players and cards ---------------------------------------------------------------------------


def test_r1_two_players_by_default_three_or_four_as_an_option():
    info = G.info()
    assert info["players"] == {"min": 2, "max": 4, "default": 2}
    for n in (2, 3, 4):
        G.new_state(G.make_options({}), NAMES[:n], game_rng(1), NO_SETUP)
    for n in (1, 5):
        with pytest.raises(GameError) as err:
            G.new_state(G.make_options({}), (NAMES * 2)[:n], game_rng(1), NO_SETUP)
        assert err.value.code == "bad_seats"


def test_r1_2_a_computer_seat_plays_by_the_same_rules_as_a_person():
    from pygames_wasm import api

    views = []
    for kind in ({"kind": "human"}, {"kind": "bot", "bot": "random"}):
        seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", **kind}]
        handle = api.call("new_game", {"game": "own_trumps", "seats": seats, "seed": 4})["handle"]
        for _ in range(2):
            seat = api.call("view", {"handle": handle, "seat": None})["view"]["to_act"]
            api.call(
                "act",
                {
                    "handle": handle,
                    "seat": seat,
                    "action": api.call("legal_actions", {"handle": handle, "seat": seat})["actions"][0],
                },
            )
        views.append(api.call("legal_actions", {"handle": handle, "seat": 1})["actions"])
        api.call("close", {"handle": handle})
    assert views[0] == views[1] and views[0]


def test_r2_36_cards_six_to_ace_ranked_the_same_in_every_suit():
    assert len(G.DECK) == 36 and set(Counter(G.DECK).values()) == {1}
    assert {c[-1] for c in G.DECK} == {"S", "H", "D", "C"}
    assert G.RANKS == ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for s in G.SUITS:
        for low, high in zip(G.RANKS, G.RANKS[1:]):
            assert G.beats(high + s, low + s, "X") and not G.beats(low + s, high + s, "X")
    assert G.beats("JD", "10D", "S") and not G.beats("10D", "JD", "S")  # not string order


# --- R3: trumps ------------------------------------------------------------------------------------------


def test_r3_1_trumps_are_chosen_before_the_deal():
    table = Table(players=2, trumps=None)
    assert table.state.phase == "trumps" and not any(table.state.hands)
    table.act(A, "trump D")
    assert not any(table.state.hands)
    assert table.view(B)["hand"] == []
    table.act(B, "trump C")
    assert table.state.phase == "play"
    assert [len(h) for h in table.state.hands] in ([18, 18], [17, 19], [19, 17])


def test_r3_2_the_suits_must_differ_and_the_others_are_plain():
    table = Table(players=2, trumps=None)
    table.act(A, "trump H")
    assert table.actions(B) == ["trump S", "trump D", "trump C"]
    assert table.error(B, "trump H") == "Hearts are already Ann's trump: choose spades, diamonds or clubs."
    table.act(B, "trump S")
    # Diamonds and clubs are nobody's: a club beats nothing but a lower club, for either player.
    table.arrange({A: "KC 7D 8D", B: "AC 9D 10D"}, pile="QD", turn=A)
    assert "beat KC 7D" not in table.actions(A)


def test_r3_3_the_trumps_are_public_and_shown_for_the_whole_game():
    table = Table(players=3, trumps=None)
    table.act(A, "trump H")
    public = table.view(None)
    assert [p["trump"] for p in public["players"]] == ["H", None, None]
    assert public["trump_choice"] == {"chooser": B, "free": ["S", "D", "C"], "taken": ["H"]}
    table.choose("SD")
    for seat in (None, A, B, C):
        players = table.view(seat)["players"]
        assert [(p["trump"], p["trump_name"], p["trump_symbol"]) for p in players] == [
            ("H", "hearts", "♥"),
            ("S", "spades", "♠"),
            ("D", "diamonds", "♦"),
        ]


def test_r3_4_the_leader_chooses_first_then_clockwise_and_the_last_suit_goes_to_the_last_player():
    table = Table(players=4, trumps=None, dealer=B)  # C leads
    assert table.state.chooser == C
    assert table.error(A, "trump S") == "It is Cy's turn to choose trumps."
    table.act(C, "trump S")
    assert table.state.chooser == D
    table.act(D, "trump H")
    assert table.state.chooser == A
    events = table.act(A, "trump D")
    assert events[:2] == ["Ann chooses diamonds ♦ as trumps.", "Bob gets clubs ♣ as trumps the suit left."]
    assert table.state.trumps == ["D", "C", "S", "H"]
    assert table.state.phase == "play" and table.state.turn == C


# --- R4: the deal ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r4_1_all_36_cards_one_at_a_time_from_the_leader(players):
    table = Table(players=players, trumps=None, dealer=0, options={"pass_sixes": False})
    deck = list(table.setup.decks[0])
    table.choose("SHDC"[:players])
    leader = 1
    for seat in range(players):
        assert table.state.hands[seat] == deck[(seat - leader) % players :: players]
        assert len(table.state.hands[seat]) == 36 // players
    assert not table.state.pile and not table.state.undealt  # R4.3: no stock, nothing turned up


def test_r4_2_sixes_go_to_the_owner_of_their_trump_suit_openly():
    # A is dealt the 6♥ (B's trumps) and 6♦ (nobody's); B the 6♠ (A's trumps).
    table = two_player_table(hands={A: "6H 6D", B: "6S"}, trumps=None)
    events = table.act(A, "trump S") + table.act(B, "trump H")
    assert "Ann hands the 6♥ to Bob." in events and "Bob hands the 6♠ to Ann." in events
    assert "6S" in table.hand(A) and "6H" in table.hand(B) and "6D" in table.hand(A)
    assert [len(h) for h in table.state.hands] == [18, 18]
    for seat in (None, A, B):
        view = table.view(seat)
        assert view["sixes"] == [{"from": A, "to": B, "card": "6H"}, {"from": B, "to": A, "card": "6S"}]
        assert view["players"][A]["known"] == ["6S"] and view["players"][B]["known"] == ["6H"]


def test_r4_2_hand_sizes_may_differ_after_the_sixes():
    table = two_player_table(hands={A: "6H 6S"}, trumps=None)
    table.choose("SH")
    assert [len(h) for h in table.state.hands] == [17, 19]


def test_r4_2_with_four_players_every_chosen_suits_six_goes_home():
    table = Table(players=4, hands={A: "6S 6H", B: "6D", C: "6C"}, trumps=None)
    table.choose("CDHS")  # A clubs, B diamonds, C hearts, D spades
    assert "6C" in table.hand(A) and "6D" in table.hand(B) and "6H" in table.hand(C) and "6S" in table.hand(D)
    assert table.view(None)["sixes"] == [
        {"from": A, "to": D, "card": "6S"},
        {"from": A, "to": C, "card": "6H"},
        {"from": C, "to": A, "card": "6C"},
    ]  # B keeps its own 6♦


def test_option_pass_sixes_off_keeps_the_sixes_where_they_were_dealt():
    table = two_player_table(hands={A: "6H", B: "6S"}, trumps=None, options={"pass_sixes": False})
    table.choose("SH")
    assert "6H" in table.hand(A) and "6S" in table.hand(B) and table.view(None)["sixes"] == []


# --- R5: dealer and first player --------------------------------------------------------------------------


def test_r5_1_the_first_dealer_is_chosen_at_random():
    dealers = {G.new_state(G.make_options({}), NAMES[:3], game_rng(seed), NO_SETUP).dealer for seed in range(40)}
    assert dealers == {0, 1, 2}


@pytest.mark.parametrize("players, dealer", [(2, 0), (2, 1), (3, 2), (4, 1)])
def test_r5_3_the_dealers_left_hand_neighbour_leads(players, dealer):
    table = Table(players=players, dealer=dealer, trumps="SHDC"[:players])
    leader = (dealer + 1) % players
    assert table.state.turn == leader == G.to_act(table.state)
    assert table.actions(leader)[0].startswith("lead ")
    assert all(table.actions(s) == [] for s in range(players) if s != leader)


def lose_game_one(table: Table, loser: int):
    """Play game 1 to its end: `loser` is left holding cards (arranged, then one lead)."""
    winner = 1 - loser
    table.arrange({winner: "AD", loser: "6C 7C"}, turn=winner, rest=loser)
    table.act(winner, "lead AD")


def test_r5_2_the_loser_deals_the_next_game():
    table = two_player_table(options={"match_games": 3})
    assert table.state.dealer == B
    lose_game_one(table, loser=A)
    assert table.state.games[0]["loser"] == A
    assert table.state.game_no == 2 and table.state.phase == "trumps"
    assert table.state.dealer == A and table.state.chooser == B  # B leads and chooses first


def test_r5_2_after_a_draw_the_same_dealer_deals_again():
    table = two_player_table(options={"match_games": 3})
    table.arrange({A: "JC", B: "QC"}, pile="10C", turn=A)
    table.act(A, "beat JC")  # vector 21: a draw
    assert table.state.games[0]["loser"] is None
    assert table.state.dealer == B and table.state.chooser == A


def test_r5_2_later_games_are_dealt_from_their_own_stacked_deck():
    table = two_player_table(options={"match_games": 2}, next_deals=[{"leader": B, A: "AH", B: "AS"}])
    lose_game_one(table, loser=A)
    table.choose("DC")  # B chooses diamonds, then A clubs
    assert table.state.trumps == ["C", "D"]
    assert "AH" in table.hand(A) and "AS" in table.hand(B)
    assert table.state.turn == B


# --- R6: turns and moves -------------------------------------------------------------------------------


def test_r6_1_lead_any_card_on_an_empty_pile_and_never_pass():
    table = two_player_table(hands={A: "AS AH"})
    assert table.actions(A) == [f"lead {c}" for c in table.hand(A)]  # trumps and aces too; no pass
    table.act(A, "lead AS")
    assert table.pile == ["AS"] and table.state.turn == B


def test_r6_2a_beat_then_a_second_card_of_your_choice_on_top():
    table = two_player_table()
    table.arrange({A: "7C 8C", B: "KD AS 6C"}, pile="9D", turn=B)
    # The second card may be anything: the other player's trump Ace too (A25).
    assert table.actions(B) == ["beat KD AS", "beat KD 6C", "pick_up 3"]
    table.act(B, "beat KD AS")
    assert table.pile[-3:] == ["9D", "KD", "AS"] and table.top == "AS"  # R6.5, A12: b, then s on top
    assert table.state.turn == A  # R6.3: one beat and one card, then the turn passes


def test_r6_2a_5_beating_with_the_last_card_adds_nothing():
    table = two_player_table()
    table.arrange({A: "7C 8C", B: "KD"}, pile="9D", turn=B)
    assert table.actions(B) == ["beat KD", "pick_up 3"]
    table.act(B, "beat KD")
    assert table.state.games[0]["out"] == [B] and table.state.games[0]["top"] == "KD"


def test_r6_2b_pick_up_is_forced_when_nothing_beats():
    table = two_player_table()
    table.arrange({A: "7C 8C", B: "8D QC"}, pile="9D", turn=B)
    assert table.actions(B) == ["pick_up 3"]


def test_r6_2b_and_a10_picking_up_at_will_is_allowed_by_default():
    table = two_player_table()
    table.arrange({A: "7C 8C", B: "KD 6C"}, pile="9D", turn=B)
    assert "pick_up 3" in table.actions(B)
    table.act(B, "pick_up")
    assert "9D" in table.hand(B)


def test_option_voluntary_pickup_off_forbids_picking_up_when_a_beat_exists():
    table = two_player_table(options={"voluntary_pickup": False})
    table.arrange({A: "7C 8C", B: "KD 6C"}, pile="9D", turn=B)
    assert table.actions(B) == ["beat KD 6C"]
    assert table.error(B, "pick_up") == (
        "You can beat the 9♦ (with the K♦), so you must: picking up at will is off in this game."
    )
    table.arrange({A: "7C 8C", B: "8D 6C"}, pile="9D", turn=B)
    assert table.actions(B) == ["pick_up 3"]  # still forced when nothing beats


def test_r6_4_no_need_to_follow_suit_an_own_trump_may_beat_instead():
    table = two_player_table()
    table.arrange({A: "7C 8C", B: "KD 6H 6C"}, pile="9D", turn=B)
    acts = table.actions(B)
    assert "beat KD 6C" in acts and "beat 6H 6C" in acts
    table.act(B, "beat 6H KD")
    assert table.pile[-3:] == ["9D", "6H", "KD"]


def test_r6_5_and_a13_only_the_top_card_must_be_beaten():
    table = two_player_table()
    table.arrange({A: "8C QC 7C", B: "6D 7D"}, pile="AD JC", turn=A)
    assert "beat QC 7C" in table.actions(A)  # the A♦ under the J♣ does not matter


# --- R7: the beating relation in play -----------------------------------------------------------------------


def test_r7_1_an_own_six_of_trumps_beats_the_other_players_trump_ace():
    table = two_player_table()
    table.arrange({A: "6S 7C 8C", B: "7D 8D"}, pile="AH", turn=A)
    assert "beat 6S 7C" in table.actions(A)


def test_r7_2_an_own_trump_on_top_is_beaten_only_by_a_higher_own_trump():
    table = two_player_table()
    table.arrange({A: "6D 7D", B: "8H 6H AS 9C"}, pile="7H", turn=B)
    beaters = {a.split()[1] for a in table.actions(B) if a.startswith("beat")}
    assert beaters == {"8H"}


def test_r7_3_the_other_players_trumps_are_plain_on_your_turn():
    table = two_player_table()
    # On B's turn the Q♠ (A's trump) is beaten by the K♠ or by B's own trump; B's A♠ beats only spades.
    table.arrange({A: "6D 7D", B: "KS 6H AS 9C"}, pile="QS", turn=B)
    beaters = {a.split()[1] for a in table.actions(B) if a.startswith("beat")}
    assert beaters == {"KS", "6H", "AS"}
    table.arrange({A: "6D 7D", B: "AS 9C"}, pile="9D", turn=B)
    assert table.actions(B) == ["pick_up 3"]


def test_r7_4_the_ace_of_your_own_trumps_cannot_be_beaten_so_you_take_the_pile():
    table = two_player_table()
    table.arrange({A: "6D 7D", B: "KH QH 10H 6S"}, pile="9C 8C AH", turn=B)
    assert table.actions(B) == [f"pick_up {len(table.pile)}"]  # the whole pile
    table.arrange({A: "6D 7D", B: "KH QH 10H 6S"}, pile="9C 8C 7C JC QC KC AH", turn=B, rest=A)
    assert table.view(B)["pickup"] == {"seat": B, "count": 7, "whole": True}
    table.act(B, "pick_up")
    assert table.pile == [] and table.state.turn == A  # R9.3: A leads next


def test_r7_5_a_suit_that_is_neither_the_tops_nor_your_trump_never_beats():
    table = two_player_table()
    table.arrange({A: "AC AD KD", B: "6D 7D"}, pile="6C", turn=A)
    beaters = {a.split()[1] for a in table.actions(A) if a.startswith("beat")}
    assert beaters == {"AC"}  # not the A♦ or K♦


# --- R8, R9: picking up ------------------------------------------------------------------------------------


def test_r8_4_only_the_pickers_own_trump_counts_not_who_played_the_card():
    table = two_player_table()
    # The 9♥ on top was played by B itself (pile_by), and is B's own trump: 5 cards all the same.
    table.arrange({A: "6D 7D", B: "8D"}, pile="6C 7C 8C 9C 10C JC 9H", turn=B, rest=A)
    table.state.pile_by[-1] = B
    assert table.actions(B) == ["pick_up 5"]
    # For A the same 9♥ is a plain card: 3.
    table.arrange({A: "6D 7D", B: "8D"}, pile="6C 7C 8C 9C 10C JC 9H", turn=A, rest=B)
    assert "pick_up 3" in table.actions(A)


def test_r8_5_picked_up_cards_join_the_hand_and_can_be_played_later():
    table = two_player_table()
    table.arrange({A: "6D 7D", B: "8D 6C"}, pile="QC KD 9D", turn=B, rest=A)
    table.act(B, "pick_up")
    assert {"QC", "KD", "9D"} <= set(table.hand(B))
    table.act(A, "lead 7D")
    assert "beat KD QC" in table.actions(B)


def test_r9_1_and_r9_2_after_a_pick_up_the_next_player_faces_the_exposed_card_counted_for_them():
    table = two_player_table()
    # B picks up 3 (K♦ on top); the exposed card is the 10♠: A's own trump, so A faces a pick-up of 5.
    table.arrange({A: "6C 7C", B: "6D 7D"}, pile="8C 9C JC QC 10S QD JD KD", turn=B)
    table.act(B, "pick_up")
    assert table.top == "10S" and table.state.turn == A
    assert table.actions(A) == ["pick_up 5"]


def test_r9_3_after_the_whole_pile_is_taken_the_next_player_leads():
    table = two_player_table()
    table.arrange({A: "6C 7C", B: "6D 7D"}, pile="9D 10D", turn=B, rest=A)
    table.act(B, "pick_up")
    assert table.pile == [] and table.state.turn == A
    assert table.actions(A) == [f"lead {c}" for c in table.hand(A)]


def test_a29_strict_alternation_a_pick_up_ends_the_turn():
    table = two_player_table()
    table.arrange({A: "6C 7C", B: "6D 7D"}, pile="QC KD 9D", turn=B, rest=A)
    table.act(B, "pick_up")
    assert table.actions(B) == [] and table.state.turn == A


# --- R10: the end -------------------------------------------------------------------------------------------


def test_r10_1_running_out_by_a_lead():
    table = two_player_table()
    table.arrange({A: "AD", B: "6C 7C"}, turn=A, rest=B)
    table.act(A, "lead AD")
    assert table.state.games[0]["loser"] == B


def test_r10_2_a_draw_counts_for_nobody():
    table = two_player_table()
    table.arrange({A: "JC", B: "QC"}, pile="10C", turn=A)
    table.act(A, "beat JC")
    assert table.state.games[0]["ended"] == "draw_rule"
    assert table.state.draws == [1, 1] and table.state.losses == [0, 0] and table.state.wins == [0, 0]


def test_r10_2_a_lead_never_ends_in_the_draw_rule():
    """With the pile empty every card is in a hand: whoever leads their last card leaves the others
    holding 35, so a lead out of cards always wins (the draw needs exactly one card left)."""
    table = two_player_table()
    table.arrange({A: "6H", B: ""}, turn=A, rest=B)
    table.act(A, "lead 6H")
    assert table.state.games[0]["ended"] == "out" and table.state.games[0]["loser"] == B


def test_r10_1_a_pick_up_never_empties_a_hand():
    table = two_player_table()
    table.arrange({A: "6C 7C", B: "6D"}, pile="9D KD", turn=B, rest=A)
    table.act(B, "pick_up")
    assert len(table.hand(B)) == 3 and not table.state.games


def test_r10_3_and_r10_4_the_result_is_win_lose_or_draw_and_only_running_out_wins():
    table = two_player_table(options={"match_games": 1})
    table.arrange({A: "AD", B: "6C 7C"}, turn=A, rest=B)
    table.act(A, "lead AD")
    result = table.view(None)["result"]
    assert result["winners"] == [A]
    assert [(t["wins"], t["losses"], t["draws"]) for t in result["tally"]] == [(1, 0, 0), (0, 1, 0)]
    assert "score" not in str(result) and "point" not in str(result)


# --- R10.5: the safeguard ---------------------------------------------------------------------------------


def loop(table: Table):
    """A23's loop: A leads the 7♦, B beats it with the 8♦ and adds the 9♣, A picks up all three; B
    leads the 6♣, A beats it with the 9♣ and adds the 8♦, B picks up all three: the same position."""
    texts = []
    for seat, action in (
        (A, "lead 7D"),
        (B, "beat 8D 9C"),
        (A, "pick_up"),
        (B, "lead 6C"),
        (A, "beat 9C 8D"),
        (B, "pick_up"),
    ):
        if table.state.games:
            break
        texts += table.act(seat, action)
    return texts


def test_r10_5_a_position_seen_a_third_time_is_a_draw():
    table = two_player_table()
    table.arrange({A: "7D", B: "8D 9C 6C 7C"}, turn=A, rest=A)
    loop(table)
    assert table.state.repeats == 2 and not table.state.games
    texts = loop(table)
    game = table.state.games[0]
    assert game["ended"] == "repetition" and game["loser"] is None and game["turns"] == 12
    assert texts[-2:] == [
        "The same hands, pile and player to move have come up a third time: game 1 is drawn "
        "(our safeguard against endless play).",
        "Game 2 of 3: Bob deals. Ann leads, and chooses trumps first.",
    ]  # after a draw the same dealer deals again


def test_option_repetition_draw_off_plays_on_until_the_turn_limit():
    table = two_player_table(options={"repetition_draw": False, "turn_limit": 100})
    table.arrange({A: "7D", B: "8D 9C 6C 7C"}, turn=A, rest=A)
    for _ in range(16):
        loop(table)
    assert not table.state.games and table.state.turns == 96 and table.state.repeats == 17
    texts = loop(table)
    game = table.state.games[0]
    assert game["ended"] == "turn_limit" and game["turns"] == 100
    assert texts[-2] == (
        "Game 1 has lasted 100 turns, the most a game allows: it is drawn (our safeguard against endless play)."
    )


def test_r10_5_the_turn_limit_also_ends_a_game_on_a_turn_where_a_player_runs_out():
    table = Table(players=3, trumps="SHD", options={"turn_limit": 100})
    table.arrange({A: "9C", B: "6D 7D", C: "10D JD"}, pile="8C", turn=A)
    table.state.turns = 99
    events = table.act(A, "beat 9C")  # the 100th turn: A is out, B and C still hold cards
    assert events[1] == "Ann is out of cards and safe."
    assert table.state.games[0]["ended"] == "turn_limit" and table.state.games[0]["out"] == [A]


def test_option_turn_limit_is_checked():
    for bad in (99, 2001, "500", True):
        with pytest.raises(GameError) as err:
            G.make_options({"turn_limit": bad})
        assert err.value.code == "bad_option"


# --- §2.14: three and four players --------------------------------------------------------------------------


@pytest.mark.parametrize("players, size", [(3, 12), (4, 9)])
def test_2_14_everyone_gets_an_equal_share_and_a_different_suit(players, size):
    table = Table(players=players, options={"pass_sixes": False}, trumps="SHDC"[:players])
    assert [len(h) for h in table.state.hands] == [size] * players
    assert len(set(table.state.trumps)) == players


def test_2_14_play_runs_clockwise_and_skips_players_who_are_out():
    table = Table(players=4, trumps="SHDC")  # A spades, B hearts, C diamonds, D clubs; A leads
    table.arrange({A: "7C 8C", B: "KD", C: "9S 10S", D: "JS QS"}, pile="9D", turn=B)
    events = table.act(B, "beat KD")  # B's last card: out, safe
    assert events == ["Bob beats the 9♦ with the K♦, the last card in hand.", "Bob is out of cards and safe."]
    assert table.state.turn == C and table.view(None)["players"][B]["status"] == "out"
    assert table.error(B, "pick_up") == "You are out of cards: you are safe for the rest of this game."
    table.act(C, "pick_up")
    table.act(D, "pick_up")
    assert table.state.turn == A
    table.act(A, "pick_up")
    assert table.state.turn == C  # after A comes C: B is out


def test_2_14_the_last_player_holding_cards_loses_and_deals_next():
    table = Table(players=3, trumps="SHD", options={"match_games": 2})
    table.arrange({A: "9C", B: "", C: "6C 7C"}, pile="8C", turn=A)
    table.act(A, "beat 9C")
    game = table.state.games[0]
    assert game["ended"] == "out" and game["loser"] == C and game["out"] == [B, A]
    assert table.state.dealer == C and table.state.chooser == A
    assert table.state.wins == [0, 1, 0]  # "first out" in the tally: B went out first


def test_2_14_the_draw_rule_applies_when_the_second_to_last_player_runs_out():
    table = Table(players=3, trumps="SHD", options={"match_games": 1})
    table.arrange({A: "9C", B: "", C: "6D"}, pile="8C", turn=A)  # C's last card is its own trump
    events = table.act(A, "beat 9C")
    assert table.state.games[0]["ended"] == "draw_rule"
    assert events[1] == "Ann is out of cards, but Cy's last card, the 6♦, beats the 9♣: game 1 is drawn."


def test_2_14_a_player_who_runs_out_leaves_the_next_player_the_top_card():
    table = Table(players=3, trumps="SHD")
    table.arrange({A: "9C KC", B: "6C 7C", C: "10C JC"}, pile="8C", turn=A)
    table.act(A, "beat 9C KC")
    assert table.state.out == [A] and table.state.turn == B and table.top == "KC"


# --- Options ------------------------------------------------------------------------------------------------


def test_option_allow_same_trump_lets_players_share_a_suit():
    table = Table(players=2, trumps=None, options={"allow_same_trump": True})
    table.act(A, "trump H")
    assert table.actions(B) == ["trump S", "trump H", "trump D", "trump C"]
    table.act(B, "trump H")
    assert table.state.trumps == ["H", "H"] and table.state.phase == "play"


def test_option_allow_same_trump_sixes_go_to_the_first_owner_after_the_holder():
    # A and C share hearts; B is dealt the 6♥ and hands it to C, the first owner after B.
    table = Table(players=3, hands={B: "6H"}, trumps=None, options={"allow_same_trump": True})
    table.choose("HSH")
    assert table.state.trumps == ["H", "S", "H"]
    assert "6H" in table.hand(C)


def test_option_allow_same_trump_four_players_choose_freely_to_the_last():
    table = Table(players=4, trumps=None, options={"allow_same_trump": True})
    table.choose("SHD")
    assert table.state.phase == "trumps" and table.actions(D) == ["trump S", "trump H", "trump D", "trump C"]


def test_option_match_games_and_the_match_winner_has_the_fewest_losses():
    table = two_player_table(options={"match_games": 2}, next_deals=[{"leader": B}])
    lose_game_one(table, loser=A)
    table.choose("HS")
    assert table.state.trumps == ["S", "H"]
    table.arrange({A: "6C 7C", B: "AD"}, turn=B, rest=A)
    events = table.act(B, "lead AD")
    assert table.state.over and table.state.winners == [B]
    assert events[-1] == "Bob wins the match: 0 losses in 2 games."
    result = table.view(None)["result"]
    assert result["standings"][0] == {"seat": B, "name": "Bob", "place": 1, "detail": "Lost 0, won 2, drawn 0"}


def test_a22_level_players_share_the_match():
    table = two_player_table(options={"match_games": 2}, next_deals=[{"leader": B}])
    lose_game_one(table, loser=A)
    table.choose("HS")
    table.arrange({A: "8C", B: "6C 7C"}, turn=B, rest=B)
    table.act(B, "lead 6C")
    table.act(A, "beat 8C")
    assert table.state.winners == [A, B]
    assert render(table.state.events[-1]["text"]) == "Ann and Bob share the match: 1 loss each in 2 games."


def test_presets_the_text_only_drops_the_sixes_and_forced_pick_ups():
    info = G.info()
    presets = {p["id"]: p["options"] for p in info["presets"]}
    assert presets == {"standard": {}, "text": {"pass_sixes": False, "voluntary_pickup": False}}
    opts = G.make_options(presets["text"])
    assert not opts.pass_sixes and not opts.voluntary_pickup and not opts.allow_same_trump


def test_part3_defaults():
    opts = G.make_options({})
    assert (opts.pass_sixes, opts.voluntary_pickup, opts.allow_same_trump, opts.repetition_draw) == (
        True,
        True,
        False,
        True,
    )
    assert opts.turn_limit == 500 and opts.match_games == 3


# --- R11: what each player sees ----------------------------------------------------------------------------


def test_r11_1_hands_are_hidden_and_their_sizes_public():
    table = two_player_table()
    for seat in (None, A, B):
        view = table.view(seat)
        assert [p["hand_count"] for p in view["players"]] == [len(h) for h in table.state.hands]
        assert (view["hand"] is None) == (seat is None)
    text = str(table.view(A))
    hidden = set(table.hand(B)) - table.state.known[B]
    assert hidden and not [c for c in hidden if f"'{c}'" in text or G.short(c) in text or render(G.label(c)) in text]


def test_r11_3_the_whole_pile_in_order_is_public():
    table = two_player_table()
    table.arrange({A: "6D 7D", B: "8D 9D"}, pile="QC 7H 9S", turn=A)
    for seat in (None, A, B):
        view = table.view(seat)
        assert [p["card"] for p in view["pile"]] == table.pile
        assert view["top"]["card"] == "9S" and view["top"]["label"] == "Nine of spades"


def test_a35_cards_known_to_be_in_a_hand_are_public_and_leave_it_when_played():
    table = two_player_table()
    table.arrange({A: "6D 7D", B: "8C 6C"}, pile="QC KD 9D", turn=B, rest=A)
    table.act(B, "pick_up")
    assert table.view(A)["players"][B]["known"] == ["9D", "KD", "QC"]
    table.act(A, "lead 6D")
    table.act(B, "beat 9D KD")
    assert table.view(None)["players"][B]["known"] == ["QC"]


# --- Undo (A33) --------------------------------------------------------------------------------------------


def test_undo_a_play_or_a_pick_up_until_somebody_else_moves():
    table = two_player_table()
    assert G.undo_block(table.state, A, {"type": "lead", "card": "6C"}) is None
    table.arrange({A: "6C 7C", B: "6D 7D"}, pile="QC KD 9D", turn=B, rest=A)
    table.act(B, "pick_up")
    assert G.undo_block(table.state, B, {"type": "pick_up"}) is None


def test_undo_the_trump_choice_that_deals_is_final_and_a_game_ending_move_too():
    table = Table(players=2, trumps=None)
    table.act(A, "trump S")
    assert G.undo_block(table.state, A, {"type": "trump", "suit": "S"}) is None
    table.act(B, "trump H")
    assert (
        render(G.undo_block(table.state, B, {"type": "trump", "suit": "H"}))
        == "Your choice dealt the cards, so it is final."
    )
    table.arrange({A: "AD", B: "6C 7C"}, turn=A, rest=B)
    table.act(A, "lead AD")
    assert (
        render(G.undo_block(table.state, A, {"type": "lead", "card": "AD"}))
        == "That move ended the game, so it is final."
    )


def test_undo_through_the_api_replays_the_game_without_the_last_move():
    from pygames_wasm import api

    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    handle = api.call("new_game", {"game": "own_trumps", "seats": seats, "seed": 9, "dealer": 1})["handle"]
    api.call("act", {"handle": handle, "seat": 0, "action": "trump S"})
    assert api.call("undo", {"handle": handle, "seat": 0}) == {"ok": True}
    api.call("act", {"handle": handle, "seat": 0, "action": "trump D"})
    api.call("act", {"handle": handle, "seat": 1, "action": "trump C"})
    assert api.call("undo", {"handle": handle, "seat": 1})["error"]["code"] == "cannot_undo"
    view = api.call("view", {"handle": handle, "seat": 0})["view"]
    card = view["actions"][0]["card"]
    api.call("act", {"handle": handle, "seat": 0, "action": {"type": "lead", "card": card}})
    before = api.call("view", {"handle": handle, "seat": None})["view"]["pile"]
    assert [p["card"] for p in before] == [card]
    assert api.call("view", {"handle": handle, "seat": 0})["view"]["can_undo"] is True
    assert api.call("undo", {"handle": handle, "seat": 0}) == {"ok": True}
    assert api.call("view", {"handle": handle, "seat": None})["view"]["pile"] == []
    api.call("close", {"handle": handle})


# --- Events, views, rules summary ---------------------------------------------------------------------------


def test_events_tell_the_whole_game_in_public_words():
    table = two_player_table(hands={A: "9D", B: "7H QC"}, options={"pass_sixes": False})
    assert table.act(A, "lead 9D") == ["Ann leads the 9♦."]
    assert table.act(B, "beat 7H QC") == ["Bob beats the 9♦ with the 7♥ and adds the Q♣."]


def test_the_rules_summary_names_every_option_and_the_defaults():
    text = " ".join(render(paragraph) for _, paragraph in G.RULES_SUMMARY)
    for words in (
        "trump suit",
        "sixes",
        "beats",
        "3 cards",
        "5",
        "whole pile",
        "draw",
        "three or four",
        "loser",
        "third time",
        "500",
        "Undo",
    ):
        assert words in text, words


def test_view_is_a_copy():
    table = two_player_table(hands={A: "9D"})
    table.act(A, "lead 9D")
    view = table.view(B)
    view["pile"].clear()
    view["players"][0]["known"].append("AS")
    view["events"].clear()
    assert table.view(B) != view and table.pile == ["9D"]
