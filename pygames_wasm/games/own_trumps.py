"""Own Trumps (Svoi Kozyri): everyone has a trump suit of their own; beat the top card of one
public pile and add a card, or pick up; the first out of cards wins, the last holding cards loses.

The rules are `shared/rules/own-trumps.md`; comments cite its numbers (R7.2 is a rule, A20 an
ambiguity with the default chosen there, §2.14 the 3-4 player game). Two players by default (the
text); three or four play Pagat's game (§2.14): whoever runs out drops out safely and the last
player holding cards loses.

A match is several games (`match_games`); the loser of each game deals the next (R5.2). Each game
has three phases: the trump choice (R3.4, before the deal, in seat order from the player who will
lead), the deal of all 36 cards with the sixes handed to their owners (R4.2), and the play.

The pile is public (R11.3), and so is every pick-up: the engine keeps, for each player, the cards
everyone knows they hold (picked up from the pile, or received as a six), and shows them. Where
the rules file is silent this module decides, and says so with "Our choice:".
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any

from ..core import GameError, Rng, Setup, shown
from ..core.cards import SUIT_WORDS, card_name
from ..core.game import Action, Event, View
from ..core.i18n import COMMAS, Message, Text, listed, msg, plural, render, rendered, series
from ..core.options import OptionSpec, lobby_info, options_shown, parse_options
from ..core.rules import action_kind, applier, final_winners, first_waiting, number_or_word, seat_error
from ..core.views import actions_of, last_event_number, last_move, log, recent_events, situation

GAME_ID = "own_trumps"
TITLE = msg("Own Trumps")
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 4, 2  # R1.1, §2.14

# --- Cards (D1-D3, R2) ----------------------------------------------------------------------------

RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]  # D2: low to high, the same in every suit
SUITS = ["S", "H", "D", "C"]  # D1: no order between suits (this is only the display order)
DECK = {f"{r}{s}": 1 for s in SUITS for r in RANKS}  # R2.1: 36 cards
SUIT_NAMES = SUIT_WORDS  # "hearts": a suit in sentences (messages, core/cards.py)
# "a higher heart": one card of a suit (the translations use the same suit words as core's SUIT_WORDS)
SUIT_ONE = {"S": msg("spade"), "H": msg("heart"), "D": msg("diamond"), "C": msg("club")}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_OF = {card: RANKS.index(card[:-1]) for card in DECK}  # 0 (six) .. 8 (ace)
ORDER = {card: i for i, card in enumerate(DECK)}  # display order: by suit, then rank


def suit(card: str) -> str:
    return card[-1]


SHORTS = {card: card[:-1] + SUIT_SYMBOLS[card[-1]] for card in DECK}
LABELS = {card: card_name(card) for card in DECK}  # messages: "Nine of diamonds"


def short(card: str) -> str:
    """'9♦': how sentences name a card."""
    return SHORTS[card]


def label(card: str) -> Message:
    """'Nine of diamonds': a card's accessible name (a message)."""
    return LABELS[card]


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def beats(card: str, top: str, trump: str) -> bool:
    """Whether `card` beats `top` on the turn of a player whose own trump suit is `trump` (§2.7):
    a higher card of the same suit, or any own trump on a card that is not an own trump.

    The examples of §2.15 (the player's trump is hearts; spades are the other player's):

    >>> beats("KD", "9D", "H"), beats("6H", "AD", "H")   # 1 higher, same suit; 2 own trump
    (True, True)
    >>> beats("8D", "9D", "H"), beats("KC", "9D", "H")   # 3 lower; 4 another suit, not a trump
    (False, False)
    >>> beats("AS", "9D", "H")                           # 5 spades have no power on this turn
    False
    >>> beats("8H", "7H", "H"), beats("6H", "7H", "H")   # 6 higher own trump; 7 lower own trump
    (True, False)
    >>> beats("AS", "7H", "H")                           # 8 an own trump needs a higher own trump
    False
    >>> beats("7H", "AS", "H"), beats("KS", "QS", "H")   # 9 A♠ is not this player's trump; 10 higher
    (True, True)
    """
    if card[-1] == top[-1]:
        return RANK_OF[card] > RANK_OF[top]
    return card[-1] == trump


@lru_cache(maxsize=4096)  # views ask it for every card of a hand, again and again (never change the result)
def refusal(card: str, top: str, trump: str, owner: str | None = None) -> Message:
    """Why `card` does not beat `top` for a player with `trump` (call only when it does not), as a
    message; `owner` names the other player whose trump suit `card` is, if any."""
    c, t = short(card), short(top)
    if suit(card) == suit(top):
        if suit(top) == trump:
            return msg(
                "{card} does not beat {top}: lower, and your own trumps are beaten only by a higher one.", card=c, top=t
            )
        return msg(
            "{card} does not beat {top}: lower, and {suit} are not your trump.",
            card=c,
            top=t,
            suit=SUIT_NAMES[suit(top)],
        )
    if suit(top) == trump:
        return msg(
            "{card} does not beat {top}: {top} is one of your own trumps, beaten only by a higher {suit}.",
            card=c,
            top=t,
            suit=SUIT_ONE[trump],
        )
    if owner:
        return msg(
            "{card} does not beat {top}: another suit, and {suit} are {name}'s trump, not yours.",
            card=c,
            top=t,
            suit=SUIT_NAMES[suit(card)],
            name=owner,
        )
    return msg(
        "{card} does not beat {top}: another suit, and {suit} are not your trump.",
        card=c,
        top=t,
        suit=SUIT_NAMES[suit(card)],
    )


def pickup_count(pile_size: int, top: str, trump: str) -> int:
    """R8: how many cards a player with `trump` takes from a pile of `pile_size` with `top` on top
    (the top card included, A15; judged against the picker's own trump only, R8.4 / A16).

    >>> [pickup_count(n, top, "H") for n, top in [(7, "9D"), (2, "9D"), (7, "9H"), (4, "9H"), (7, "AH"), (10, "AS")]]
    [3, 2, 5, 4, 7, 3]
    """
    if suit(top) != trump:
        return min(3, pile_size)  # R8.1
    if top[:-1] != "A":
        return min(5, pile_size)  # R8.2
    return pile_size  # R8.3


def pickup_refusal(top: str, trump: str, k: int) -> Message:
    """Why a pick-up of another count is refused: the player takes `k` (R8), and the reason."""
    if suit(top) != trump:
        return msg(
            "You cannot choose how many cards to pick up: you take {n} ({top} is not one of your trumps: 3 cards, R8).",
            n=k,
            top=short(top),
        )
    if top[:-1] != "A":
        return msg(
            "You cannot choose how many cards to pick up: you take {n} ({top} is one of your own trumps: 5 cards, R8).",
            n=k,
            top=short(top),
        )
    return msg(
        "You cannot choose how many cards to pick up: you take {n} ({top} is the Ace of your trumps: "
        "the whole pile, R8).",
        n=k,
        top=short(top),
    )


# --- Options (Part 3's flags) ----------------------------------------------------------------------

OPTION_SPECS = [
    OptionSpec(
        "pass_sixes",
        msg("Sixes go to their trump's owner"),
        msg(
            "After the deal, anyone dealt a six of "
            "another player's trump suit hands it to that player, face up. A common house rule."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "voluntary_pickup",
        msg("Pick up even when you could beat"),
        msg(
            "On: you may always pick up "
            "instead of beating. Off: you pick up only when none of your cards beats the top card."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "allow_same_trump",
        msg("Players may share a trump suit"),
        msg("On: a suit someone has taken may be chosen again. Off: every player's trump suit is different."),
        "bool",
        False,
    ),
    OptionSpec(
        "repetition_draw",
        msg("Draw on a repeated position"),
        msg(
            "So that a game cannot go on for ever: "
            "it is drawn when the same hands, pile and player to move come up for the third time."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "turn_limit",
        msg("Most turns in a game"),
        msg("So that a game cannot go on for ever: a game still going after this many turns is drawn."),
        "int",
        500,
        min=100,
        max=2000,
    ),
    OptionSpec(
        "match_games",
        msg("Games in the match"),
        msg("How many games the match lasts. The loser of each game deals the next; the fewest losses wins the match."),
        "int",
        3,
        min=1,
        max=9,
    ),
]
PRESETS = {
    "standard": {},
    "text": {"pass_sixes": False, "voluntary_pickup": False},
}
PRESET_TITLES = {
    "standard": msg("Standard: the sixes rule, pick up at will"),
    "text": msg("Strict: no sixes rule, pick up only when you cannot beat"),
}


@dataclass(frozen=True)
class Options:
    pass_sixes: bool
    voluntary_pickup: bool
    allow_same_trump: bool
    repetition_draw: bool
    turn_limit: int
    match_games: int


def make_options(raw: object) -> Options:
    return Options(**parse_options(OPTION_SPECS, raw, {}))


def info() -> dict[str, Any]:
    return lobby_info(
        GAME_ID,
        TITLE,
        {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "default": DEFAULT_PLAYERS},
        [{"id": k, "title": PRESET_TITLES[k], "options": v} for k, v in PRESETS.items()],
        OPTION_SPECS,
        RULES_SUMMARY,
    )


def progress(state: "State") -> Message:
    """How far the match has got, for the list of saved games."""
    return msg("game {game} of {games}", game=state.game_no, games=state.opts.match_games)


RULES_SUMMARY = [  # (heading, paragraph): the in-app rules, in plain words
    (
        msg("Cards and trumps"),
        msg(
            "A pack of 36 cards: 6 up to Ace in each suit. Before every game each player picks a trump suit of "
            "their own, one after another, starting with the player who will lead. Unless you chose otherwise "
            "the suits must differ; the trumps stay on show next to the players' names. Then all the cards are "
            "dealt. With the sixes rule, anyone dealt a six of another player's trump suit hands it to that "
            "player, face up."
        ),
    ),
    (
        msg("Beating and adding"),
        msg(
            "The player to the dealer's left leads any card face up: that starts the pile. The next player either "
            "beats the top card and then adds any one more card on top, or picks up. A card beats the top card if "
            "it is a higher card of the same suit, or if it is one of your own trumps and the top card is not. "
            "Your own trumps are beaten only by your higher trumps; another player's trump suit is an ordinary "
            "suit on your turn."
        ),
    ),
    (
        msg("Picking up"),
        msg(
            "Picking up: take the top 3 cards of the pile; 5 if the top card is one of your own trumps; the whole "
            "pile if it is the Ace of your trumps (fewer if the pile is smaller). You must pick up when you cannot "
            "beat, and you may pick up instead of beating (unless that option is off). The next player faces the "
            "card now on top; if the pile is gone, they lead a new card. The pile is public: everyone can see all "
            "of it, and the table shows which cards each player is known to hold (picked up or received as sixes)."
        ),
    ),
    (
        msg("Winning and losing"),
        msg(
            "Get rid of all your cards. With two players, the first out wins, unless the other player has exactly "
            "one card left and it beats the top card: then the game is a draw. With three or four players, a player "
            "who runs out is safe and drops out; the next player still holding cards faces the top card, and the "
            "last one left holding cards loses (with the same draw rule for their last card)."
        ),
    ),
    (
        msg("A match"),
        msg(
            "A match is several games (3 unless you chose otherwise); the loser of each game deals the next, and "
            "after a draw the same player deals again. The fewest losses wins the match. Our safeguard against "
            "endless play: a game is drawn when the same hands, pile and player to move come up for the third "
            "time, or after the most turns a game allows (500 unless you chose otherwise)."
        ),
    ),
    (
        msg("Taking a move back"),
        msg(
            "Undo: you can take back your move until somebody else moves: a pick-up shows you nothing new, since "
            "the pile is public. The trump choice that deals the cards, and a move that ends a game, are final."
        ),
    ),
]


# --- State ----------------------------------------------------------------------------------------


@dataclass
class State:
    opts: Options
    names: list[str]
    rng: Rng
    setup: Setup  # tests only: a stacked deck per game, the first dealer
    dealer: int
    stacked: list[list[str]] = field(default_factory=list)  # the setup's stacked decks still to be dealt, in order
    game_no: int = 1
    phase: str = "trumps"  # "trumps" (choosing, before the deal), "play", "over" (the match is over)
    trumps: list[str | None] = field(default_factory=list)  # per seat: a suit, or None before it is chosen
    chooser: int | None = None  # who chooses a trump suit now
    hands: list[list[str]] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)  # bottom to top: pile[-1] is the top card (D5)
    pile_by: list[int] = field(default_factory=list)  # who played each pile card
    undealt: list[str] = field(default_factory=list)  # the pack between games (all 36 in the trump phase)
    turn: int = 0
    out: list[int] = field(default_factory=list)  # seats that ran out this game, in order (§2.14)
    known: list[set[str]] = field(default_factory=list)  # per seat: cards everyone knows it holds (picked up, sixes)
    sixes: list[dict[str, Any]] = field(default_factory=list)  # R4.2 / R11.3: [{"from", "to", "card"}] of this game
    # R10.5: position (as text) -> how often it has come up this game
    seen: dict[str, int] = field(default_factory=dict)
    repeats: int = 1  # how often the current position has come up
    turns: int = 0  # plays and pick-ups this game
    first_event: int = 0  # the number of this game's first event
    wins: list[int] = field(default_factory=list)  # per seat: games won (2 players), or first out (3-4)
    losses: list[int] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)  # one summary per finished game
    winners: list[int] | None = None  # of the match
    events: list[Event] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:  # the simulator's name for a game of the match
        return self.game_no

    @property
    def leader(self) -> int:
        """R5.3 / §2.14: the dealer's left-hand neighbour leads (and chooses trumps first, R3.4)."""
        return (self.dealer + 1) % self.n


def new_state(opts: Options, names: list[str], rng: Rng, setup: Setup) -> State:
    """A match ready for the first trump choice. `setup` (tests only) stacks the deal of each game
    and may name the first dealer."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise GameError("bad_seats", msg("Own Trumps is for 2 players, or 3 or 4 (Pagat's game)."))
    setup.check(DECK, len(names))
    setup.start_values(set())
    state = State(
        opts=opts,
        names=list(names),
        rng=rng,
        setup=setup,
        stacked=setup.deck_queue(),
        dealer=rng.below(len(names)) if setup.dealer is None else setup.dealer,
    )  # R5.1
    state.wins, state.losses, state.draws = [0] * state.n, [0] * state.n, [0] * state.n
    start_game(state)
    return state


def start_game(state: State) -> None:
    """R3.4: the trumps are chosen before the deal, in seat order from the player who will lead."""
    n = state.n
    state.phase, state.trumps, state.chooser = "trumps", [None] * n, state.leader
    state.hands, state.known = [[] for _ in range(n)], [set() for _ in range(n)]
    state.pile, state.pile_by, state.out, state.sixes = [], [], [], []
    state.undealt = list(DECK)
    state.seen, state.repeats, state.turns = {}, 1, 0
    state.turn = state.leader
    state.first_event = last_event_number(state.events) + 1
    dealer, leader = state.names[state.dealer], state.names[state.leader]
    if state.opts.match_games > 1:
        log(
            state,
            None,
            msg(
                "Game {game} of {games}: {dealer} deals. {leader} leads, and chooses trumps first.",
                game=state.game_no,
                games=state.opts.match_games,
                dealer=dealer,
                leader=leader,
            ),
        )
    else:
        log(
            state,
            None,
            msg(
                "Game {game}: {dealer} deals. {leader} leads, and chooses trumps first.",
                game=state.game_no,
                dealer=dealer,
                leader=leader,
            ),
        )


def next_seat(state: State, seat: int) -> int:
    """The next player clockwise still holding cards (§2.14: "next player" skips those out)."""
    for step in range(1, state.n + 1):
        candidate = (seat + step) % state.n
        if state.hands[candidate]:
            return candidate
    return seat


def trump_of(state: State, seat: int) -> str:
    """A player's trump suit, in play (every player has chosen one before the deal)."""
    trump = state.trumps[seat]
    assert trump is not None, "the trumps are not chosen yet"
    return trump


def trump_chooser(state: State) -> int:
    """Who chooses a trump suit, in the trump phase (there is always somebody)."""
    assert state.chooser is not None, "nobody is choosing trumps"
    return state.chooser


def active_seats(state: State) -> list[int]:
    return [s for s in range(state.n) if state.hands[s]]


def free_suits(state: State) -> list[str]:
    """R3.2: the suits still free to choose (every suit, with `allow_same_trump`)."""
    if state.opts.allow_same_trump:
        return list(SUITS)
    return [s for s in SUITS if s not in state.trumps]


def owners(state: State, seat: int) -> dict[str, str]:
    """The other players by their trump suit (for sentences); the first named if several share it."""
    out: dict[str, str] = {}
    for s in range(state.n):
        theirs = state.trumps[s]
        if s != seat and theirs and theirs != state.trumps[seat]:
            out.setdefault(theirs, state.names[s])
    return out


# --- Actions ----------------------------------------------------------------------------------------

FIELDS = {"trump": ["suit"], "lead": ["card"], "beat": ["card", "add"], "pick_up": ["count"]}  # in text order


def parse_text(text: str) -> Action:
    """The string forms: "trump H", "lead 9D", "beat KD QC", "beat KD" (the last card), "pick_up",
    "pick_up 3"."""
    words = text.split()
    if not words or words[0] not in FIELDS:
        return {"type": words[0] if words else ""}
    kind, rest = words[0], words[1:]
    if len(rest) > len(FIELDS[kind]):
        raise GameError(
            "bad_action", msg("Too many words for a '{kind}' action: '{action}'.", kind=kind, action=shown(text))
        )
    action: Action = {"type": kind} | dict(zip(FIELDS[kind], rest))
    if kind == "pick_up" and rest:
        action["count"] = number_or_word(rest[0])
    return action


def _card(raw: object, what: str) -> str:
    """A card code of the action's field `what` ("card" to lead or beat with, or "add")."""
    if not isinstance(raw, str):
        if what == "lead":
            raise GameError("bad_action", msg('The card to lead must be a card code such as "9D" or "10H".'))
        if what == "beat":
            raise GameError("bad_action", msg('The beating card must be a card code such as "9D" or "10H".'))
        raise GameError("bad_action", msg('The card to add must be a card code such as "9D" or "10H".'))
    if raw not in DECK:
        raise GameError(
            "unknown_card", msg("There is no card '{card}' in Own Trumps (6 to Ace in four suits).", card=shown(raw))
        )
    return raw


def parse_action(raw: object) -> Action:
    """An action from its JSON object or string form, checked for shape."""
    if isinstance(raw, str):
        raw = parse_text(raw)
    kind = action_kind(
        raw, FIELDS, '{"type": "lead", "card": "9D"}', msg("an Own Trumps action (trump, lead, beat or pick_up)")
    )
    assert isinstance(raw, dict)  # action_kind refuses anything else
    if kind == "trump":
        if raw.get("suit") not in SUITS:
            raise GameError(
                "bad_action", msg("'{suit}' is not a suit: choose S, H, D or C.", suit=shown(raw.get("suit")))
            )
        return {"type": kind, "suit": raw["suit"]}
    if kind == "lead":
        return {"type": kind, "card": _card(raw.get("card"), "lead")}
    if kind == "beat":
        action = {"type": kind, "card": _card(raw.get("card"), "beat")}
        if raw.get("add") is not None:
            action["add"] = _card(raw["add"], "add")
        return action
    count = raw.get("count")
    if count is None:
        return {"type": kind}
    if isinstance(count, bool) or not isinstance(count, int):
        raise GameError("bad_action", msg("A pick-up count is a whole number, not {value}.", value=shown(repr(count))))
    return {"type": kind, "count": count}


def action_text(action: Action) -> str:
    """The stable string form of an action (see `parse_text`)."""
    kind = action["type"]
    if kind == "trump":
        return f"trump {action['suit']}"
    if kind == "lead":
        return f"lead {action['card']}"
    if kind == "beat":
        return " ".join(["beat", action["card"]] + ([action["add"]] if "add" in action else []))
    return f"pick_up {action['count']}" if "count" in action else "pick_up"


def turn_block(state: State, seat: int, kind: str) -> GameError | None:
    """Why `seat` cannot take an action of this kind now (turn and phase only)."""
    if state.over:
        return GameError("game_over", msg("The match is over."))
    if state.phase == "trumps":
        chooser = state.names[trump_chooser(state)]
        if kind != "trump":
            if seat == state.chooser:
                return GameError("illegal_action", msg("Choose your trump suit first: the cards are dealt after that."))
            return GameError(
                "not_your_turn", msg("The cards are not dealt yet: {name} is choosing trumps.", name=chooser)
            )
        if seat != state.chooser:
            mine = state.trumps[seat]
            if mine:
                return GameError(
                    "not_your_turn",
                    msg(
                        "You have chosen {suit}; it is {name}'s turn to choose trumps.",
                        suit=SUIT_NAMES[mine],
                        name=chooser,
                    ),
                )
            return GameError("not_your_turn", msg("It is {name}'s turn to choose trumps.", name=chooser))
        return None
    if kind == "trump":
        return GameError("illegal_action", msg("The trumps of this game have been chosen."))
    if seat != state.turn:
        if seat in state.out:
            return GameError("not_your_turn", msg("You are out of cards: you are safe for the rest of this game."))
        return GameError("not_your_turn", msg("It is {name}'s turn.", name=state.names[state.turn]))
    return None


def check(state: State, seat: int, action: Action) -> GameError | None:
    """Every reason `seat` may not take the (parsed) `action` now, as the sentence the player sees."""
    if bad_seat := seat_error(state, seat):
        return bad_seat
    kind = action["type"]
    block = turn_block(state, seat, kind)
    if block:
        return block
    if kind == "trump":
        return trump_block(state, seat, action["suit"])
    hand, top, trump = state.hands[seat], top_card(state), trump_of(state, seat)
    if kind == "lead":
        if action["card"] not in hand:
            return not_held(action["card"])
        if top:
            return GameError("illegal_action", msg("The pile is not empty: beat the {top} or pick up.", top=short(top)))
        return None
    if kind == "beat":
        return beat_block(state, seat, action, hand, top, trump)
    if not top:
        return GameError("illegal_action", msg("The pile is empty: there is nothing to pick up. Lead any one card."))
    k = pickup_count(len(state.pile), top, trump)
    if action.get("count", k) != k:
        return GameError("illegal_action", pickup_refusal(top, trump, k))
    if not state.opts.voluntary_pickup:
        beater = next((c for c in sorted_cards(hand) if beats(c, top, trump)), None)
        if beater:
            return GameError(
                "illegal_action",
                msg(
                    "You can beat the {top} (with the {card}), so you must: picking up at will is off in this game.",
                    top=short(top),
                    card=short(beater),
                ),
            )
    return None


def not_held(card: str) -> GameError:
    return GameError("not_in_hand", msg("You do not hold the {card}.", card=short(card)))


OR = msg("{first} or {last}")


def either(items: Sequence[Text]) -> Text:
    """'hearts', 'hearts or clubs', 'spades, hearts or clubs', as a message (items are messages)."""
    return series(items, OR, COMMAS)


def trump_block(state: State, seat: int, chosen: str) -> GameError | None:
    if chosen in free_suits(state):
        return None
    holder = state.names[state.trumps.index(chosen)]
    choices = either([SUIT_NAMES[s] for s in free_suits(state)])
    if chosen == "S":
        text = msg("Spades are already {name}'s trump: choose {choices}.", name=holder, choices=choices)
    elif chosen == "H":
        text = msg("Hearts are already {name}'s trump: choose {choices}.", name=holder, choices=choices)
    elif chosen == "D":
        text = msg("Diamonds are already {name}'s trump: choose {choices}.", name=holder, choices=choices)
    else:
        text = msg("Clubs are already {name}'s trump: choose {choices}.", name=holder, choices=choices)
    return GameError("illegal_action", text)


def beat_block(
    state: State, seat: int, action: Action, hand: list[str], top: str | None, trump: str
) -> GameError | None:
    card, add = action["card"], action.get("add")
    if not top:
        return GameError("illegal_action", msg("The pile is empty: lead any one card."))
    if card not in hand:
        return not_held(card)
    if not beats(card, top, trump):
        return GameError("illegal_card", refusal(card, top, trump, owners(state, seat).get(suit(card))))
    if add is None:
        if len(hand) > 1:  # R6.2a.2: the second card is mandatory while you have one
            return GameError(
                "illegal_action",
                msg(
                    "After beating with the {card} you must add one more card of your choice on top: say which.",
                    card=short(card),
                ),
            )
        return None
    if add == card:
        return GameError(
            "illegal_action",
            msg("The card to add must be another card: the {card} is the one that beats.", card=short(card)),
        )
    if add not in hand:
        return GameError("not_in_hand", msg("You do not hold the {card} to add.", card=short(add)))
    return None


def top_card(state: State) -> str | None:
    return state.pile[-1] if state.pile else None


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order."""
    if state.over:
        return []
    if state.phase == "trumps":
        if seat != state.chooser:
            return []
        return [{"type": "trump", "suit": s} for s in free_suits(state)]
    if seat != state.turn:
        return []
    hand = sorted_cards(state.hands[seat])
    top = top_card(state)
    if top is None:  # R6.1
        return [{"type": "lead", "card": c} for c in hand]
    trump = trump_of(state, seat)
    actions: list[Action] = []
    for b in hand:
        if beats(b, top, trump):  # R6.2a
            if len(hand) == 1:
                actions.append({"type": "beat", "card": b})  # A11: the last card, no second card
            else:
                actions += [{"type": "beat", "card": b, "add": s} for s in hand if s != b]
    if not actions or state.opts.voluntary_pickup:  # R6.2b / A10
        actions.append({"type": "pick_up", "count": pickup_count(len(state.pile), top, trump)})
    return actions


# --- Trumps and the deal ------------------------------------------------------------------------------


def do_trump(state: State, seat: int, action: Action) -> None:
    choose_trump(state, seat, action["suit"], chose=True)
    while True:
        waiting = [
            s for s in ((trump_chooser(state) + k) % state.n for k in range(1, state.n)) if state.trumps[s] is None
        ]
        if not waiting:
            return deal(state)
        state.chooser = waiting[0]
        free = free_suits(state)
        if len(free) > 1:
            return
        # Our choice: with four players the last one has no choice; the suit left is theirs at once.
        choose_trump(state, state.chooser, free[0], chose=False)


def choose_trump(state: State, seat: int, chosen: str, chose: bool) -> None:
    """`chose`: the player picked the suit (False: it was the only one left for them)."""
    state.trumps[seat] = chosen
    name, suit_word, symbol = state.names[seat], SUIT_NAMES[chosen], SUIT_SYMBOLS[chosen]
    if chose:
        log(state, seat, msg("{name} chooses {suit} {symbol} as trumps.", name=name, suit=suit_word, symbol=symbol))
    else:
        log(
            state,
            seat,
            msg("{name} gets {suit} {symbol} as trumps the suit left.", name=name, suit=suit_word, symbol=symbol),
        )


def deal(state: State) -> None:
    """R4.1: all 36 cards, one at a time, from the dealer's left; then the sixes (R4.2)."""
    order = state.stacked.pop(0) if state.stacked else None
    if order is None:
        order = list(DECK)
        state.rng.shuffle(order)
    for i, card in enumerate(order):
        state.hands[(state.leader + i) % state.n].append(card)
    state.undealt, state.chooser, state.phase = [], None, "play"
    log(state, None, msg("The cards are dealt: {n} each.", n=36 // state.n))
    if state.opts.pass_sixes:
        pass_sixes(state)
    state.turn = state.leader
    remember_position(state)


def pass_sixes(state: State) -> None:
    """R4.2: every six of another player's trump suit goes to that player, face up (R11.3). Our
    choice when players share a suit: a holder of that suit keeps it; otherwise it goes to the first
    of its owners after the holder, clockwise."""
    for k in range(state.n):
        giver = (state.leader + k) % state.n
        for card in [c for c in sorted_cards(state.hands[giver]) if c[:-1] == "6"]:
            if suit(card) == state.trumps[giver]:
                continue
            takers = [s for s in ((giver + j) % state.n for j in range(1, state.n)) if state.trumps[s] == suit(card)]
            if not takers:
                continue  # a six of a suit nobody chose stays (R4.2)
            taker = takers[0]
            state.hands[giver].remove(card)
            state.hands[taker].append(card)
            state.known[taker].add(card)
            state.sixes.append({"from": giver, "to": taker, "card": card})
            log(
                state,
                giver,
                msg(
                    "{giver} hands the {card} to {taker}.",
                    giver=state.names[giver],
                    card=short(card),
                    taker=state.names[taker],
                ),
            )


# --- Play ---------------------------------------------------------------------------------------------


def play_card(state: State, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    state.known[seat].discard(card)
    state.pile.append(card)
    state.pile_by.append(seat)


def do_lead(state: State, seat: int, action: Action) -> None:
    play_card(state, seat, action["card"])
    log(state, seat, msg("{name} leads the {card}.", name=state.names[seat], card=short(action["card"])))
    after_turn(state, seat)


def do_beat(state: State, seat: int, action: Action) -> None:
    """R6.2a / A12: the beating card, then the second card on top of it."""
    top = state.pile[-1]
    play_card(state, seat, action["card"])
    name, card = state.names[seat], short(action["card"])
    if "add" in action:
        play_card(state, seat, action["add"])
        log(
            state,
            seat,
            msg(
                "{name} beats the {top} with the {card} and adds the {add}.",
                name=name,
                top=short(top),
                card=card,
                add=short(action["add"]),
            ),
        )
    else:
        log(
            state,
            seat,
            msg("{name} beats the {top} with the {card}, the last card in hand.", name=name, top=short(top), card=card),
        )
    after_turn(state, seat)


def do_pick_up(state: State, seat: int, action: Action) -> None:
    """R8 / R9: the top k cards into the hand; the next player faces what is left."""
    top = state.pile[-1]
    k = pickup_count(len(state.pile), top, trump_of(state, seat))
    taken = state.pile[-k:]
    whole = k == len(state.pile)
    del state.pile[-k:], state.pile_by[-k:]
    state.hands[seat] += taken
    state.known[seat].update(taken)
    cards = listed([short(c) for c in reversed(taken)])
    if whole and k > 3:
        log(
            state,
            seat,
            plural(
                "{name} picks up the whole pile, {n} card: {cards}.",
                "{name} picks up the whole pile, {n} cards: {cards}.",
                k,
                name=state.names[seat],
                cards=cards,
            ),
        )
    else:
        log(
            state,
            seat,
            plural(
                "{name} picks up {n} card: {cards}.",
                "{name} picks up {n} cards: {cards}.",
                k,
                name=state.names[seat],
                cards=cards,
            ),
        )
    after_turn(state, seat)


PERFORM = {"trump": do_trump, "lead": do_lead, "beat": do_beat, "pick_up": do_pick_up}
apply = applier(parse_action, check, PERFORM)


def after_turn(state: State, seat: int) -> None:
    """Pass the turn (R9.1, A29), or end the game: a player out of cards with one other holding
    cards (R10.1-R10.2, §2.14), or our safeguard against endless play (R10.5)."""
    state.turns += 1
    if not state.hands[seat]:
        state.out.append(seat)
        if len(active_seats(state)) == 1:
            return last_one_left(state, seat)
        log(state, seat, msg("{name} is out of cards and safe.", name=state.names[seat]))  # §2.14: drops out
    state.turn = next_seat(state, seat)
    remember_position(state)
    if state.opts.repetition_draw and state.repeats >= 3:
        return end_game(
            state,
            None,
            "repetition",
            msg(
                "The same hands, pile and player to move have come up a third time: game {game} is drawn (our safeguard "
                "against endless play).",
                game=state.game_no,
            ),
        )
    if state.turns >= state.opts.turn_limit:
        return end_game(
            state,
            None,
            "turn_limit",
            plural(
                "Game {game} has lasted {n} turn, the most a game allows: it is drawn (our safeguard against endless "
                "play).",
                "Game {game} has lasted {n} turns, the most a game allows: it is drawn (our safeguard against "
                "endless play).",
                state.turns,
                game=state.game_no,
            ),
        )


def position(state: State) -> str:
    """R10.5: everything that decides the rest of the game (who moves, each hand as a set, the pile
    in order), as text: a state keeps only JSON-like data (a checkpoint holds it)."""
    hands = "/".join(" ".join(sorted(h)) for h in state.hands)
    return f"{state.turn}|{hands}|{' '.join(state.pile)}"


def remember_position(state: State) -> None:
    key = position(state)
    state.repeats = state.seen.get(key, 0) + 1
    state.seen[key] = state.repeats


def last_one_left(state: State, seat: int) -> None:
    """R10.2 / A19-A21: `seat` ran out and one player still holds cards: a draw if their only card
    beats the top card, else they lose (with two players the one who ran out wins)."""
    last = active_seats(state)[0]
    name = state.names[seat]
    hand, top = state.hands[last], state.pile[-1]
    if len(hand) == 1 and beats(hand[0], top, trump_of(state, last)):
        return end_game(
            state,
            None,
            "draw_rule",
            msg(
                "{name} is out of cards, but {last}'s last card, the {card}, beats the {top}: game {game} is drawn.",
                name=name,
                last=state.names[last],
                card=short(hand[0]),
                top=short(top),
                game=state.game_no,
            ),
        )
    if state.n == 2:
        text = msg(
            "{name} is out of cards and wins game {game}; {last} loses.",
            name=name,
            game=state.game_no,
            last=state.names[last],
        )
    else:
        text = msg(
            "{name} is out of cards. {last} is left holding cards and loses game {game}.",
            name=name,
            last=state.names[last],
            game=state.game_no,
        )
    end_game(state, last, "out", text)


def end_game(state: State, loser: int | None, ended: str, text: Message) -> None:
    """Score the game in the match tally, then deal the next game (the loser deals, R5.2; after a
    draw the same dealer, our choice) or finish the match."""
    if loser is None:
        for s in range(state.n):
            state.draws[s] += 1
    else:
        state.losses[loser] += 1
        state.wins[state.out[0]] += 1
    log(state, None, text)
    state.games.append(
        {
            "game": state.game_no,
            "dealer": state.dealer,
            "trumps": list(state.trumps),
            "ended": ended,
            "loser": loser,
            "out": list(state.out),
            "text": text,
            "turns": state.turns,
            "top": state.pile[-1] if state.pile else None,
            "cards_left": [len(h) for h in state.hands],
            "tally": tally(state),
        }
    )
    if loser is not None:
        state.dealer = loser
    if state.game_no >= state.opts.match_games:
        return finish(state)
    state.game_no += 1
    start_game(state)


def tally(state: State) -> list[dict[str, Any]]:
    return [
        {"seat": s, "name": state.names[s], "wins": state.wins[s], "losses": state.losses[s], "draws": state.draws[s]}
        for s in range(state.n)
    ]


def finish(state: State) -> None:
    """The match: the fewest losses wins (our choice, A22); level players share it."""
    fewest = min(state.losses)
    state.winners = [s for s in range(state.n) if state.losses[s] == fewest]
    state.phase, state.chooser = "over", None
    state.hands, state.known = [[] for _ in range(state.n)], [set() for _ in range(state.n)]
    state.pile, state.pile_by, state.undealt = [], [], list(DECK)
    log(state, None, result_text(state))


# --- What a seat sees -----------------------------------------------------------------------------


def waiting_for(state: State) -> list[int]:
    if state.over:
        return []
    return [trump_chooser(state) if state.phase == "trumps" else state.turn]


to_act = first_waiting(waiting_for)


def card_line(card: str) -> dict[str, Any]:
    return {"card": card, "label": LABELS[card], "short": SHORTS[card]}


def player_line(state: State, seat: int) -> dict[str, Any]:
    trump = state.trumps[seat]
    place = state.out.index(seat) + 1 if seat in state.out else None
    return {
        "seat": seat,
        "name": state.names[seat],
        "trump": trump,
        "trump_name": SUIT_NAMES[trump] if trump else None,
        "trump_symbol": SUIT_SYMBOLS[trump] if trump else None,
        "hand_count": len(state.hands[seat]),
        "dealer": seat == state.dealer,
        "status": "in" if place is None else "out",
        "place": place,
        "known": sorted_cards(state.known[seat]) if state.known[seat] else [],
        "wins": state.wins[seat],
        "losses": state.losses[seat],
        "draws": state.draws[seat],
    }


def hand_view(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's own hand, its own trumps first: for each card whether tapping it first is a legal
    start (a lead, or a beating card) and, if not, why."""
    if not state.hands[seat]:
        return []  # before the deal, or after the match
    block = turn_block(state, seat, "lead") if state.phase == "play" else None
    top, trump, others = top_card(state), trump_of(state, seat), owners(state, seat)
    lines = []
    for card in sorted(state.hands[seat], key=lambda c: (c[-1] != trump, ORDER[c])):
        if block:
            why = block.text
        elif top is None or beats(card, top, trump):
            why = None
        else:
            why = refusal(card, top, trump, others.get(card[-1]))
        lines.append(
            {
                "card": card,
                "label": LABELS[card],
                "short": SHORTS[card],
                "suit": card[-1],
                "own_trump": card[-1] == trump,
                "playable": why is None,
                "why": why,
            }
        )
    return lines


OPTIONS_SHOWN = (
    "pass_sixes",
    "voluntary_pickup",
    "allow_same_trump",
    "repetition_draw",
    "turn_limit",
)  # the options a view shows, each a plain value


def view(state: State, seat: int | None, brief: bool = False) -> View:
    """What `seat` may see: its own hand, the whole pile in order (R11.3), the trumps (R11.2), hand
    counts (R11.1) and the cards everyone knows a player holds. `None` is the public table.
    `brief` (for computer players) leaves out the history: events and game summaries."""
    top = top_card(state)
    playing = state.phase == "play"
    pickup = None
    if playing and top:  # R8, for the player in turn: public, as the trumps are
        k = pickup_count(len(state.pile), top, trump_of(state, state.turn))
        pickup = {"seat": state.turn, "count": k, "whole": k == len(state.pile)}
    view = {
        "game": GAME_ID,
        "seat": seat,
        "phase": state.phase,
        "game_no": state.game_no,
        "match_games": state.opts.match_games,
        "dealer": state.dealer,
        "leader": state.leader,
        "players": [player_line(state, s) for s in range(state.n)],
        "trump_choice": {
            "chooser": state.chooser,
            "free": free_suits(state),
            "taken": [s for s in SUITS if s in state.trumps],
        }
        if state.phase == "trumps"
        else None,
        "pile": [
            {"card": c, "label": LABELS[c], "short": SHORTS[c], "by": by} for c, by in zip(state.pile, state.pile_by)
        ],
        "top": card_line(top) | {"by": state.pile_by[-1]} if top else None,
        "pickup": pickup,
        "sixes": [dict(s) for s in state.sixes],
        "turn": state.turn if playing else None,
        "to_act": to_act(state),
        "waiting_for": waiting_for(state),
        "turns": state.turns,
        "repeats": state.repeats if playing else 0,
        "hand": None if seat is None else hand_view(state, seat),
        "actions": actions_of(legal_actions, state, seat),
        "options": options_shown(state.opts, OPTIONS_SHOWN),
        "over": state.over,
        "result": result(state),
    }
    if not brief:
        view |= {
            "events": recent_events(state.events),
            "games": [copy_game(g) for g in state.games],
            "last_game": copy_game(state.games[-1]) if state.games else None,
        }
    return view


def summary(state: State, seat: int | None) -> Text:
    """The whole table in a few sentences, for "Read the table": the game of the match, everyone's
    trumps, whose turn, the top card, everyone's cards, and the last move."""
    this_game = [e for e in state.events[-1:] if e["n"] >= state.first_event]  # never an earlier deal's cards
    if state.over:
        return situation(msg("The match is over."), result_text(state), last_move(this_game))
    lines = [
        msg("Game {game} of {games}.", game=state.game_no, games=state.opts.match_games)
        if state.opts.match_games > 1
        else None
    ]
    trumps = [
        msg("your {suit}", suit=SUIT_NAMES[t])
        if s == seat
        else msg("{name}'s {suit}", name=state.names[s], suit=SUIT_NAMES[t])
        for s, t in enumerate(state.trumps)
        if t
    ]
    lines.append(msg("Trumps: {trumps}.", trumps=listed(trumps)) if trumps else msg("No trumps chosen yet."))
    if state.phase == "trumps":
        lines.append(
            msg("Choose your trump suit.")
            if state.chooser == seat
            else msg("{name} chooses a trump suit.", name=state.names[trump_chooser(state)])
        )
        return situation(*lines, last_move(this_game))
    lines.append(msg("Your turn.") if state.turn == seat else msg("{name}'s turn.", name=state.names[state.turn]))
    top = top_card(state)
    if not top:
        lines.append(msg("The pile is empty."))
    elif state.pile_by[-1] == seat:
        lines.append(
            plural(
                "On top: {card}, played by you, {n} card in the pile.",
                "On top: {card}, played by you, {n} cards in the pile.",
                len(state.pile),
                card=label(top),
            )
        )
    else:
        lines.append(
            plural(
                "On top: {card}, played by {name}, {n} card in the pile.",
                "On top: {card}, played by {name}, {n} cards in the pile.",
                len(state.pile),
                card=label(top),
                name=state.names[state.pile_by[-1]],
            )
        )
    holders = [seat] + [s for s in range(state.n) if s != seat] if seat is not None else range(state.n)
    held = [
        plural("You hold {n} card", "You hold {n} cards", len(state.hands[s]))
        if s == seat
        else plural("{name} holds {n} card", "{name} holds {n} cards", len(state.hands[s]), name=state.names[s])
        for s in holders
        if s not in state.out
    ]
    # Translators: the list of who holds how many cards ("You hold 3 cards and Bob holds 30 cards"), as a sentence.
    lines.append(msg("{holdings}.", holdings=listed(held)))
    return situation(*lines, last_move(this_game))


def copy_game(game: dict[str, Any]) -> dict[str, Any]:
    """A game summary for a view (a copy: changing a view changes no game)."""
    return game | {
        "trumps": list(game["trumps"]),
        "out": list(game["out"]),
        "cards_left": list(game["cards_left"]),
        "tally": [dict(t) for t in game["tally"]],
    }


def undo_block(state: State, seat: int, last: Action) -> Message | None:
    """Why the last action (by `seat`) cannot be taken back; None if it can. No card is revealed by a
    play or a pick-up (the pile is public), so any of them can be taken back until somebody else
    moves; the last trump choice dealt the cards, and a move that ended a game is final."""
    kind = last["type"]
    if kind == "trump":
        return None if state.phase == "trumps" else msg("Your choice dealt the cards, so it is final.")
    if state.phase != "play":
        return msg("That move ended the game, so it is final.")
    return None


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {
        "winners": list(final_winners(state)),
        "text": result_text(state),
        "standings": standings(state),
        "tally": tally(state),
    }


def tally_text(state: State, seat: int) -> Message:
    """A player's line of the match's standings."""
    if state.n == 2:
        return msg(
            "Lost {lost}, won {won}, drawn {drawn}",
            lost=state.losses[seat],
            won=state.wins[seat],
            drawn=state.draws[seat],
        )
    return msg(
        "Lost {lost}, first out {won}, drawn {drawn}",
        lost=state.losses[seat],
        won=state.wins[seat],
        drawn=state.draws[seat],
    )


def result_text(state: State) -> Message:
    winners = final_winners(state)
    names = [state.names[s] for s in winners]
    games = plural("{n} game", "{n} games", len(state.games))
    losses = plural("{n} loss", "{n} losses", state.losses[winners[0]])
    if len(names) == 1:
        return msg("{name} wins the match: {losses} in {games}.", name=names[0], losses=losses, games=games)
    return msg("{names} share the match: {losses} each in {games}.", names=listed(names), losses=losses, games=games)


def standings(state: State) -> list[dict[str, Any]]:
    order = sorted(range(state.n), key=lambda s: (state.losses[s], -state.wins[s], s))
    return [
        {
            "seat": s,
            "name": state.names[s],
            "place": 1 + sum(state.losses[o] < state.losses[s] for o in order),
            "detail": tally_text(state, s),
        }
        for s in order
    ]


def simulation_counts(state: State) -> dict[str, int]:
    """How a finished match's games ended, for `python -m pygames_wasm simulate` to add up and print:
    above all how often our safeguard against endless play (R10.5) had to end one."""
    ended = Counter(g["ended"] for g in state.games)
    counts = {
        "games played": len(state.games),
        "games ended by players running out": ended["out"],
        "games drawn by the last-card rule (R10.2)": ended["draw_rule"],
        "games drawn by the safeguard, position repeated (R10.5)": ended["repetition"],
        "games drawn by the safeguard, turn limit (R10.5)": ended["turn_limit"],
    }
    for seat in range(state.n):
        counts[f"games lost by seat {seat + 1}"] = state.losses[seat]
    for seat in range(state.n):  # however the game ended, safeguard draws included
        counts[f"games seat {seat + 1} ran out of cards first"] = sum(g["out"][:1] == [seat] for g in state.games)
    return counts


# --- Invariants (checked by the simulator and the property tests) ---------------------------------


def check_invariants(state: State) -> None:
    """Raise AssertionError if the state breaks a rule that must always hold."""
    cards = Counter(chain(state.undealt, state.pile, *state.hands))
    assert cards == Counter(DECK), "the 36 cards are not conserved"
    assert len(state.pile) == len(state.pile_by), "the pile and its players disagree"
    assert sum(state.losses) + sum(state.draws) // state.n == len(state.games), "the tally is not the games"
    assert sum(state.wins) == sum(state.losses), "a lost game without a winner"
    assert len(state.games) == state.game_no - (0 if state.over else 1), "games are missing"
    for s in range(state.n):
        assert state.known[s] <= set(state.hands[s]), f"seat {s} is 'known' to hold a card it does not hold"
    if state.phase != "play":
        assert not state.pile and not any(state.hands) and len(state.undealt) == 36, "cards out before the deal"
        assert state.over or state.trumps[trump_chooser(state)] is None, "the chooser has chosen already"
        return
    assert not state.undealt, "cards left undealt"
    assert None not in state.trumps, "a player has no trump suit"
    if not state.opts.allow_same_trump:
        assert len(set(state.trumps)) == state.n, "two players share a trump suit"
    active = active_seats(state)
    assert len(active) >= 2, "the game goes on with fewer than two players holding cards"
    assert set(state.out) == set(range(state.n)) - set(active), "the players out are not those without cards"
    assert state.turn in active, "the turn is with a player who holds no cards"
    assert state.turns < state.opts.turn_limit, "the game went past the turn limit"
    assert not state.opts.repetition_draw or state.repeats < 3, "a position came up three times"
    for seat in (state.turn, None):  # the views the page and the bots are given now
        check_view_hides(state, seat)


def check_view_hides(state: State, seat: int | None) -> None:
    """A view holds only what its seat may see: its own hand, and of the others only what everyone
    knows (counts, the pile, cards picked up from it or received as sixes)."""
    v = view(state, seat)
    own = set() if seat is None else set(state.hands[seat])
    if seat is None:
        assert v["hand"] is None and v["actions"] == [], "the public view holds a hand"
    else:
        assert sorted(h["card"] for h in v["hand"]) == sorted(state.hands[seat]), "the view shows another hand"
    for action in v["actions"]:
        assert {action.get("card"), action.get("add")} - {None} <= own, "an action names a card not in the hand"
    assert [p["card"] for p in v["pile"]] == state.pile, "the pile is not the pile"
    hidden = set(chain.from_iterable(set(state.hands[s]) - state.known[s] for s in range(state.n) if s != seat))
    if not hidden:
        return
    # Everything else is scanned for any card it names. Earlier games dealt other cards: their
    # events and summaries may name cards that are hidden now.
    rest = {k: x for k, x in v.items() if k not in ("hand", "actions", "pile", "top", "games", "last_game")}
    rest["events"] = [e for e in v["events"] if e["n"] >= state.first_event]
    text = repr(rest) + repr(rendered(rest))  # the codes in the messages' fields, and the English words
    leaked = [c for c in hidden if f"'{c}'" in text or SHORTS[c] in text or render(LABELS[c]) in text]
    assert not leaked, f"the view of seat {seat} shows hidden cards {sorted_cards(leaked)}"
