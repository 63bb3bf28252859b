"""Canasta: four players in two partnerships meld sets of one rank, build canastas, go out; first
team to 5,000 wins (or the higher score after the hand limit, our safeguard).

The rules are `shared/rules/canasta.md`; comments cite its numbers (R11.3 is a rule, A25 an
ambiguity with its chosen default). Product decisions (rules/README.md): `wild_ratio = standard`,
`black_three_freezes = true`.

Seat numbers are the lobby's. Partners sit opposite (R1.2). By default the partnership draw decides
them (R4.4): the highest card plays first and partners the second-highest; the other two play
together. `state.order` is the seating clockwise: team 0 (North-South, or `team1_name`) is
`order[0]` and `order[2]`, team 1 (East-West, or `team2_name`) `order[1]` and `order[3]`. With
partners as seated, `order` is the lobby's order: seats 1 and 3 against seats 2 and 4.
A turn is: draw (from the stock, or take the discard pile), then any melds and additions, then a
discard (optional when going out). Drawing shows new cards, so it is final; melds and additions can be
taken back until the discard, which ends the turn.

Melding is combinatorial, so `legal_actions` lists the simple actions and a few suggested melds;
any other meld the player composes is checked by the same validator (`explain`), which says why it
is illegal ("Your team's first meld needs 90 points; these cards count 70.").
"""

import json
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any, TypeGuard

from ..core import GameError, Rng, Setup, build_deck, int_list, shown
from ..core.cards import JOKER, card_name
from ..core.game import Action, Event, View
from ..core.i18n import Message, Said, Text, commas, fixed, listed, msg, plural, series, spaced
from ..core.options import OptionSpec, lobby_info, options_shown, parse_options
from ..core.rules import action_kind, applier, final_winners, first_waiting, seat_error
from ..core.views import actions_of, last_move, log, recent_events, situation

GAME_ID = "canasta"
TITLE = msg("Canasta")
PLAYERS = 4
HAND_SIZE = 11  # R5.2
TEAM_NAMES = ("North-South", "East-West")
DEFAULT_TEAM_NAMES = (msg("North-South"), msg("East-West"))  # how the default names read, in any language

# --- Cards (R2, R3) ---------------------------------------------------------------------------------

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SUITS = ["S", "H", "D", "C"]  # R4.2: spades high, then hearts, diamonds, clubs (only for the draw)
NATURAL_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]  # R2.3
DECK = {f"{r}{s}": 2 for r in RANKS for s in SUITS} | {"JK": 4}  # R2.2: 108 cards
# A meld's rank in the plural, as the sentences name melds ("a meld of Kings", "black 3s"); single cards
# are named by core/cards.py.
PLURALS = {
    "A": msg("Aces"),
    "K": msg("Kings"),
    "Q": msg("Queens"),
    "J": msg("Jacks"),
    "10": msg("10s"),
    "9": msg("9s"),
    "8": msg("8s"),
    "7": msg("7s"),
    "6": msg("6s"),
    "5": msg("5s"),
    "4": msg("4s"),
    "3": msg("black 3s"),
}
RANK_VALUE = (
    {"A": 20, "2": 20, "JK": 50, "3": 5}
    | {r: 10 for r in ["K", "Q", "J", "10", "9", "8"]}
    | {r: 5 for r in ["7", "6", "5", "4"]}
)  # R3
NATURAL_BONUS, MIXED_BONUS = 500, 300  # R9.2, R9.3
GOING_OUT_BONUS, CONCEALED_BONUS = 100, 100  # R15 / A33d
RED_THREE_VALUE, ALL_RED_THREES = 100, 800  # R14.2


def _rank(card: str) -> str:
    return "JK" if card == "JK" else card[:-1]


def _sort_key(card: str) -> tuple[int, int]:
    """Display order: wild cards first, then A down to 3; suits in draw order."""
    if card == "JK":
        return (0, 0)
    r = _rank(card)
    if r == "2":  # after the jokers: a tie would leave the order to a set's, which changes with the hash seed
        return (0, 1 + SUITS.index(card[-1]))
    return (1 + RANKS.index(r), SUITS.index(card[-1]))


# Card facts are looked up in tables made once from the definitions: every legality check asks them.
RANK_OF = {card: _rank(card) for card in DECK}
SORT_KEY = {card: _sort_key(card) for card in DECK}
WILD = frozenset(card for card in DECK if RANK_OF[card] in ("JK", "2"))  # A2
NATURAL = frozenset(card for card in DECK if RANK_OF[card] in NATURAL_RANKS)
VALUE = {card: 0 if card in ("3H", "3D") else RANK_VALUE[RANK_OF[card]] for card in DECK}  # R3, A38


def rank(card: str) -> str:
    return RANK_OF[card]


def suit(card: str) -> str | None:
    return None if card == "JK" else card[-1]


def is_wild(card: str) -> bool:
    return card in WILD


def is_red_three(card: str) -> bool:
    return card in ("3H", "3D")


def is_black_three(card: str) -> bool:
    return card in ("3S", "3C")


def is_natural(card: str) -> bool:
    return card in NATURAL


def value(card: str) -> int:
    """R3: the count of a card (red threes are bonuses, never counted as cards: A38)."""
    return VALUE[card]


def count(cards: Iterable[str]) -> int:
    return sum(map(VALUE.__getitem__, cards))


def label(card: str) -> Message:
    """A card's full name, as a message: "Seven of hearts", "Joker"."""
    return card_name(card)


SHORT = {
    card: JOKER if card == "JK" else rank(card) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]] for card in DECK
}


def short(card: str) -> Text:
    """A compact public name: 7♥, 10♠ (the same in every language), Joker (a message)."""
    return SHORT[card]


def card_row(cards: Iterable[str]) -> Text:
    """Cards' compact names with spaces between: "7♥ 7♠ Joker" (one string unless a joker, whose name is
    a message, is among them)."""
    names = [short(c) for c in cards]
    return " ".join(names) if all_words(names) else spaced(names)


def comma_row(items: Sequence[Text]) -> Text:
    """Items with commas between: "7♥, 8♠" (no "and": a list of cards turned or melds laid)."""
    return ", ".join(items) if all_words(items) else commas(items)


def all_words(items: Sequence[Text]) -> TypeGuard[Sequence[str]]:
    """Whether every item is a plain string (none is a message, such as a joker's name)."""
    return all(isinstance(n, str) for n in items)


def sort_key(card: str) -> tuple[int, int]:
    return SORT_KEY[card]


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def draw_rank(card: str) -> tuple[int, int]:
    """R4.2: A high ... 2 low, then spades > hearts > diamonds > clubs."""
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return (order.index(rank(card)), -SUITS.index(card[-1]))  # never a joker: jokers draw again


def rank_plural(r: str) -> Message:
    """A meld's rank in the plural: "Kings", "7s", "black 3s" (a message)."""
    return PLURALS[r]


# --- Options (Part 3's flags) ----------------------------------------------------------------------

OPTION_SPECS = [
    OptionSpec(
        "wild_ratio",
        msg("Wild cards in a meld"),
        msg("How many wild cards (jokers and 2s) a meld may hold."),
        "choice",
        "standard",
        (
            ("standard", msg("At least 2 naturals, at most 3 wild cards")),
            ("literal", msg("Two naturals for every wild card, at most 3")),
            ("no_outnumber", msg("Wild cards never outnumber naturals, at most 3")),
        ),
    ),
    OptionSpec(
        "black_three_freezes",
        msg("Black threes freeze the pile"),
        msg(
            "On: a black three thrown on the pile freezes it until someone takes it. Off: it only stops the next "
            "player from taking it."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "concealed_min_only_if_pile",
        msg("Concealed going out: minimum only with the pile"),
        msg(
            "On: a player who goes out all at once after drawing from the stock does not need the first meld's "
            "minimum points. The minimum still applies when they take the pile."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "ask_partner",
        msg("Partner, may I go out?"),
        msg(
            "Before going out you may ask your partner (only when you could go out). After a yes you must go out "
            "that turn; after a no you may not."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "partnership_draw",
        msg("Partners and the first player"),
        msg(
            "Draw for partners: everyone draws a card; the highest plays first and partners the second highest, "
            "and the other two play together. Partners as seated: players 1 and 3 play against players 2 and 4, "
            "and the draw only chooses who plays first (or, with no draw, the first dealer is chosen at random)."
        ),
        "choice",
        "partners",
        (
            ("partners", msg("Draw for partners and the first player")),
            ("first_player", msg("Partners as seated; draw for the first player")),
            ("off", msg("Partners as seated; no draw")),
        ),
    ),
    OptionSpec(
        "target", msg("Game target"), msg("The score a team must reach to win."), "int", 5000, min=500, max=10000
    ),
    OptionSpec(
        "hand_limit",
        msg("Most hands in a game"),
        msg(
            "If neither team has reached the target after this many hands, the game ends there and the higher "
            "score wins (level scores: a draw). It keeps a game in which nobody melds from going on for ever."
        ),
        "int",
        30,
        min=5,
        max=100,
    ),
    OptionSpec(
        "team1_name",
        msg("Name of the first team"),
        msg(
            "With partners drawn, the team of the player who draws the highest card; with partners as seated, "
            "players 1 and 3."
        ),
        "text",
        TEAM_NAMES[0],
        min=1,
        max=24,
        default_words=DEFAULT_TEAM_NAMES[0],
    ),
    OptionSpec(
        "team2_name",
        msg("Name of the second team"),
        msg("The other two players."),
        "text",
        TEAM_NAMES[1],
        min=1,
        max=24,
        default_words=DEFAULT_TEAM_NAMES[1],
    ),
]
PRESETS: dict[str, dict[str, object]] = {"classic": {}}
FIXED_TEAMS = {"partnership_draw": "first_player"}  # partners as seated (the simulator pairs bot kinds so)


@dataclass(frozen=True)
class Options:
    wild_ratio: str
    black_three_freezes: bool
    concealed_min_only_if_pile: bool
    ask_partner: bool
    partnership_draw: str
    target: int
    hand_limit: int
    team1_name: str = TEAM_NAMES[0]
    team2_name: str = TEAM_NAMES[1]


def make_options(raw: object) -> Options:
    if isinstance(raw, dict) and isinstance(raw.get("partnership_draw"), bool):
        # Saves from before partners could be drawn said yes (draw for the first player) or no.
        raw = raw | {"partnership_draw": "first_player" if raw["partnership_draw"] else "off"}
    opts = Options(**parse_options(OPTION_SPECS, raw, {}))
    if opts.target % 5:
        raise GameError("bad_option", msg("The game target must be a multiple of 5."))
    if opts.team1_name.casefold() == opts.team2_name.casefold():
        raise GameError("bad_option", msg("The two teams need different names."))
    return opts


def team_name(state: "State", team: int) -> Text:
    """The partnership's name: North-South / East-West (messages, in the player's language) unless the
    players named their teams (their own words, never translated)."""
    name = (state.opts.team1_name, state.opts.team2_name)[team]
    return DEFAULT_TEAM_NAMES[team] if name == TEAM_NAMES[team] else name


def info() -> dict[str, Any]:
    return lobby_info(
        GAME_ID,
        TITLE,
        {"min": PLAYERS, "max": PLAYERS},
        [{"id": "classic", "title": msg("Classic Canasta"), "options": {}}],
        OPTION_SPECS,
        RULES_SUMMARY,
        teams=[[0, 2], [1, 3]],  # partners as seated
        teams_drawn_when={"partnership_draw": ["partners"]},
    )  # then the draw decides (the view's `order`)


def progress(state: "State") -> Message:
    """How far the game has got, for the list of saved games: the hand and the two teams' scores."""
    first, second = state.scores
    return msg("hand {hand} · {first:,} to {second:,}", hand=max(state.hand_no, 1), first=first, second=second)


RULES_SUMMARY = [  # (heading, paragraph): the in-app rules, in plain words
    (
        msg("Players and cards"),
        msg(
            "Four players, two teams: partners sit opposite. First everyone draws a card: the highest plays "
            "first, and partners the second highest (unless you chose to keep partners as seated). Two packs and "
            "four jokers (108 cards); each player gets 11. Jokers and 2s are wild. Red threes are bonus cards: they go straight onto the table and "
            "are replaced. On your turn draw a card, or pick up the whole discard pile, then meld if you like, "
            "then discard one card."
        ),
    ),
    (
        msg("Melds and canastas"),
        msg(
            "A meld is three or more cards of one rank (4 to Ace) with at least two natural cards and at most "
            "three wild cards. Melds belong to the team: either partner can add to them. Seven cards make a "
            "canasta: 500 bonus points if it has no wild card, 300 if it has one. Black threes can be melded "
            "only when you go out."
        ),
    ),
    (
        msg("Your team's first meld"),
        msg(
            "Your team's first meld must count enough points: 50 (15 with a minus score, 90 from 1,500, 120 "
            "from 3,000). Card values: Joker 50, Ace and 2 20, King to 8 10, 7 to 4 5, black 3 5."
        ),
    ),
    (
        msg("Taking the discard pile"),
        msg(
            "To pick up the pile you must meld its top card at once: with a pair of naturals from your hand, "
            "or, if the pile is not frozen and your team has melded, with one natural and a wild card, or by "
            "adding it to your team's meld. A wild card or black three on the pile freezes it: then only a "
            "natural pair will do. Before your team's first meld the pile is frozen for you."
        ),
    ),
    (
        msg("Going out and scoring"),
        msg(
            "You may go out (meld or discard your last card) once your team has a canasta: 100 points, 200 if "
            "you meld your whole hand in one turn with a canasta of your own among those melds (concealed). Scores: melded cards, canasta bonuses, red "
            "threes (100 each, 800 for all four; minus if your team made no meld), minus the cards left in "
            "hand. The first team to reach the target (5,000 unless you chose another) wins; if neither has "
            "after the most hands the game allows (30 unless you chose another), the higher score wins."
        ),
    ),
    (
        msg("Taking a move back"),
        msg(
            "Undo: melds and additions can be taken back until you discard; drawing or picking up the pile "
            "shows you cards, so it is final."
        ),
    ),
]


# --- State --------------------------------------------------------------------------------------------


def team_of(state: "State", seat: int) -> int:
    return state.order.index(seat) % 2


def partner(state: "State", seat: int) -> int:
    return state.order[(state.order.index(seat) + 2) % PLAYERS]


def left_of(state: "State", seat: int) -> int:
    """The next player clockwise (R6.1)."""
    return state.order[(state.order.index(seat) + 1) % PLAYERS]


def team_seats(state: "State", team: int) -> list[int]:
    return [state.order[team], state.order[team + 2]]


def min_count(score: int) -> int:
    """R8.1: the initial-meld minimum for a team's cumulative score."""
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


@dataclass
class State:
    opts: Options
    names: list[str]
    rng: Rng
    setup: Setup  # tests only: stacked decks, the first dealer, starting scores
    dealer: int
    stacked: list[list[str]] = field(default_factory=list)  # the setup's stacked decks still to be dealt, in order
    order: list[int] = field(default_factory=lambda: list(range(PLAYERS)))  # the seating, clockwise
    hand_no: int = 0
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)  # the top card is the last item
    pile: list[str] = field(default_factory=list)  # the top card is the last item
    upcards: list[str] = field(default_factory=list)  # the cards turned up at this hand's deal (R5.4): public
    hand_moves: int = 0  # actions of this hand so far: the history's last `hand_moves` are this hand's
    frozen_by: str | None = None  # R10.2: the card turned sideways (None: the pile is not frozen)
    # per team: {rank: [cards]} (A17: one meld per rank)
    melds: list[dict[str, list[str]]] = field(default_factory=list)
    red_threes: list[list[str]] = field(default_factory=list)  # per team: [cards]
    initial: list[int] = field(default_factory=list)  # per team: the R8 minimum, fixed at the deal
    has_melded: list[bool] = field(default_factory=list)  # per team: initial meld made (R8.5)
    melded_before: list[bool] = field(default_factory=list)  # per seat: melded in an earlier turn (A33a)
    scores: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    phase: str = "draw"  # "draw", "play" (after the draw), "answer" (the partner is asked)
    drew: str | None = None  # "stock" or "pile" this turn
    melded_this_turn: bool = False
    asked: dict[str, Any] | None = None  # {"seat", "answer": None|True|False} this turn (R13.6)
    draw_cards: list[list[str]] | None = None  # the partnership draw (R4), per seat
    # One score sheet per finished hand, kept as JSON: views copy them on every move, and undo
    # copies the whole state; a text copies at once.
    sheets_json: str = "[]"
    finished: bool = False
    winner_team: int | None = None  # None when finished: a draw at the hand limit
    new_melds: set[str] = field(default_factory=set)  # ranks the player in turn began a meld of this turn (R13.5)
    events: list[Event] = field(default_factory=list)

    @property
    def n(self) -> int:
        return PLAYERS

    @property
    def sheets(self) -> list[dict[str, Any]]:
        return json.loads(self.sheets_json)

    @property
    def round(self) -> int:  # the simulator's name for a hand
        return self.hand_no

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def winners(self) -> list[int] | None:
        if not self.finished:
            return None
        return sorted(self.order if self.winner_team is None else team_seats(self, self.winner_team))


def teams(state: State) -> list[list[int]]:
    """The partnerships, as seat lists (the simulator reports team results with it)."""
    return [team_seats(state, 0), team_seats(state, 1)]


def new_state(opts: Options, names: list[str], rng: Rng, setup: Setup) -> State:
    """A game ready for its first turn. `setup` (tests only) stacks the deals of the first hands,
    may start the teams from given scores (`{"scores": [1500, 0], "hands": [29]}`: as if 29 hands had
    been played), and may name the first dealer: then there is no partnership draw and partners are
    as seated."""
    if len(names) != PLAYERS:
        raise GameError("bad_seats", msg("Canasta is for exactly 4 players, in two partnerships."))
    setup.check(DECK, PLAYERS)
    start = setup.start_values({"scores", "hands"})
    state = State(opts=opts, names=list(names), rng=rng, setup=setup, stacked=setup.deck_queue(), dealer=0)
    state.scores = int_list(start, "scores", 2, -100_000, 100_000) or [0, 0]
    if max(state.scores) >= opts.target and state.scores[0] != state.scores[1]:
        raise GameError("bad_deck", msg("Those starting scores have already won the game."))
    state.hand_no = (int_list(start, "hands", 1, 0, opts.hand_limit - 1) or [0])[0]  # hands played before
    if setup.dealer is not None:
        state.dealer = setup.dealer
    elif opts.partnership_draw == "off":
        state.dealer = rng.below(PLAYERS)
    else:
        state.dealer = partnership_draw(state)
    deal(state)
    return state


def partnership_draw(state: State) -> int:
    """R4 / A5: everyone draws; jokers and identical cards draw again. The highest plays first, so
    the first dealer is on his right. With partners drawn (R4.4) the second-highest is his partner
    and sits opposite him; the other two keep their order clockwise from him (our choice: the text
    lets the highest choose his seat and says nothing of the others')."""
    pack = build_deck(DECK)
    state.rng.shuffle(pack)
    draws: list[list[str]] = [[] for _ in range(PLAYERS)]
    pending = list(range(PLAYERS))
    while pending:
        for seat in pending:
            draws[seat].append(pack.pop())
        last = [draws[s][-1] for s in range(PLAYERS)]
        pending = [s for s in range(PLAYERS) if last[s] == "JK" or last.count(last[s]) > 1]
    state.draw_cards = draws
    ranking = sorted(range(PLAYERS), key=lambda s: draw_rank(draws[s][-1]), reverse=True)
    high = ranking[0]
    drawn = msg("The draw: {draws}.", draws=comma_row([drew(state.names[s], draws[s]) for s in range(PLAYERS)]))
    if state.opts.partnership_draw == "partners":
        mate = ranking[1]
        others = [s for s in ((high + k) % PLAYERS for k in range(1, PLAYERS)) if s != mate]
        state.order = [high, others[0], mate, others[1]]
        log(
            state,
            None,
            situation(
                drawn,
                msg(
                    "{high} drew highest and plays first; {mate} drew second highest and is {high}'s partner.",
                    high=state.names[high],
                    mate=state.names[mate],
                ),
                msg("{first} against {second}.", first=team_text(state, 0), second=team_text(state, 1)),
            ),
        )
    else:
        log(state, None, situation(drawn, msg("{name} drew highest and plays first.", name=state.names[high])))
    return state.order[(state.order.index(high) - 1) % PLAYERS]


THEN = msg("{first} then {rest}")


def drew(name: str, cards: list[str]) -> Message:
    """ "Ann K♠" or "Ann 7♥ then 9♦": what a player drew for partners (again after a tie or a joker)."""
    return msg("{name} {cards}", name=name, cards=series([short(c) for c in cards], THEN, THEN))


def team_text(state: State, team: int) -> Message:
    """ "North-South (Ann and Cy)": a team's name and its players."""
    a, b = team_seats(state, team)
    return msg(
        "{team} ({first} and {second})", team=team_name(state, team), first=state.names[a], second=state.names[b]
    )


def deal(state: State) -> None:
    """R5: shuffle, 11 cards each from the dealer's left, the upcard, then dealt red threes (R5.6:
    replaced right after the deal, seat by seat from the dealer's left)."""
    state.hand_no += 1
    order = state.stacked.pop(0) if state.stacked else None
    if order is None:
        order = build_deck(DECK)
        state.rng.shuffle(order)
    state.stock = order[::-1]
    state.hands = [[] for _ in range(PLAYERS)]
    first = left_of(state, state.dealer)
    seats = [state.order[(state.order.index(first) + k) % PLAYERS] for k in range(PLAYERS)]
    for _ in range(HAND_SIZE):
        for seat in seats:
            state.hands[seat].append(state.stock.pop())
    state.melds = [{}, {}]
    state.red_threes = [
        [],
        [],
    ]
    state.initial = [min_count(s) for s in state.scores]
    state.has_melded = [False, False]
    state.melded_before = [False] * PLAYERS
    state.pile, state.frozen_by, state.hand_moves = [], None, 0
    log(
        state,
        None,
        msg(
            "Hand {hand}: {dealer} deals; {first} plays first.",
            hand=state.hand_no,
            dealer=state.names[state.dealer],
            first=state.names[first],
        ),
    )
    turn_upcard(state)
    for seat in seats:
        while any(is_red_three(c) for c in state.hands[seat]):
            card = next(c for c in state.hands[seat] if is_red_three(c))
            state.hands[seat].remove(card)
            state.red_threes[team_of(state, seat)].append(card)
            state.hands[seat].append(state.stock.pop())
            log(
                state,
                seat,
                msg(
                    "{name} puts down the {card} dealt to them and draws a replacement.",
                    name=state.names[seat],
                    card=short(card),
                ),
            )
    start_turn(state, first)


def turn_upcard(state: State) -> None:
    """R5.4 / R5.5: turn cards until a natural one is on top; a wild card, a red three or (with the
    option) a black three among them freezes the pile."""
    while True:
        card = state.stock.pop()
        state.pile.append(card)
        if freezes(state.opts, card) and state.frozen_by is None:
            state.frozen_by = card
        if is_natural(card):
            break
    state.upcards = list(state.pile)
    cards = comma_row([short(c) for c in state.pile])
    if state.frozen_by:
        log(
            state,
            None,
            msg("The upcard: {cards}; the pile is frozen by the {card}.", cards=cards, card=short(state.frozen_by)),
        )
    else:
        log(state, None, msg("The upcard: {cards}.", cards=cards))


def freezes(opts: Options, card: str) -> bool:
    """R10.1: wild cards and red threes freeze the pile; black threes too with the option."""
    return is_wild(card) or is_red_three(card) or (is_black_three(card) and opts.black_three_freezes)


def start_turn(state: State, seat: int) -> None:
    state.turn, state.phase, state.drew = seat, "draw", None
    state.melded_this_turn, state.asked, state.new_melds = False, None, set()


# --- Meld rules (R7, R9) ----------------------------------------------------------------------------


def meld_rank(cards: Iterable[str]) -> str | None:
    """The natural rank of a meld ("3" for black threes), or None if the cards have none."""
    ranks = {RANK_OF[c] for c in cards if c not in WILD}
    return ranks.pop() if len(ranks) == 1 else None


def valid_rank(cards: Iterable[str]) -> str:
    """The rank of a meld known to be valid (checked before it is laid): it has one."""
    r = meld_rank(cards)
    assert r is not None, "an invalid meld"
    return r


THREE_CARDS = msg("A meld needs at least three cards.")


def meld_block(opts: Options, cards: list[str]) -> Message | None:
    """Why `cards` are not a valid meld (R7.1-R7.5), or None: a new one, or one grown by additions (the
    same limits)."""
    if "3H" in cards or "3D" in cards:
        return msg("Red threes are never melded; they go on the table by themselves.")
    naturals = [c for c in cards if c not in WILD]
    wilds = len(cards) - len(naturals)
    if not naturals:
        return msg("Wild cards alone are not a meld: it needs natural cards.")
    ranks = {RANK_OF[c] for c in naturals}
    if len(ranks) > 1:
        mixed = sorted(ranks, key=RANKS.index)
        return msg("A meld is cards of one rank: {ranks} do not mix.", ranks=listed([rank_plural(r) for r in mixed]))
    r = ranks.pop()
    if r == "3":
        if wilds:
            return msg("A meld of black threes cannot hold wild cards.")
        if len(cards) < 3:
            return THREE_CARDS
        return None
    if len(cards) < 3:
        return THREE_CARDS
    if len(naturals) < 2:
        return msg("A meld needs at least two natural cards.")
    if wilds > 3:
        return msg("A meld may hold at most three wild cards.")
    if opts.wild_ratio == "literal" and len(naturals) < 2 * wilds:
        return msg("A meld needs two natural cards for every wild card.")
    if opts.wild_ratio == "no_outnumber" and wilds > len(naturals):
        return msg("Wild cards may not outnumber the natural cards of a meld.")
    return None


def canasta_kind(cards: Collection[str]) -> str | None:
    """R9: "natural", "mixed" or None (not a canasta; black threes never make one)."""
    if len(cards) < 7 or "3S" in cards or "3C" in cards:
        return None
    return "mixed" if any(is_wild(c) for c in cards) else "natural"


def has_canasta(melds: dict[str, list[str]]) -> bool:
    return any(canasta_kind(cards) for cards in melds.values())


# --- Actions: form ----------------------------------------------------------------------------------

ACTION_FIELDS = {
    "draw": set(),
    "end_hand": set(),
    "ask_go_out": set(),
    "take_pile": {"cards", "melds"},
    "meld": {"melds"},
    "add": {"meld", "cards"},
    "discard": {"card"},
    "answer": {"yes"},
}


def no_such_card(card: object) -> GameError:
    return GameError("unknown_card", msg("There is no card '{card}' in Canasta.", card=shown(card)))


def _card_list(raw: object, bad: Message) -> list[str]:
    """The card codes of `raw`, sorted; `bad` is the error sentence when `raw` is not a list of codes."""
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise GameError("bad_action", bad)
    for card in raw:
        if card not in DECK:
            raise no_such_card(card)
    return sorted_cards(raw)


def _meld_list(raw: object, bad: Message) -> list[list[str]]:
    if not isinstance(raw, list) or not all(isinstance(m, list) for m in raw):
        raise GameError("bad_action", bad)
    return [_card_list(m, msg('A meld must be a list of card codes such as "7H".')) for m in raw]


def parse_text(text: str) -> Action:
    """The string form: "draw", "take_pile 7H 7S | 8H 8S 8D", "meld 7H 7S 2C | 9D 9C 9S",
    "add 7 7D 2C", "discard 9D", "ask_go_out", "answer yes", "end_hand"."""
    words = text.split()
    if not words:
        return {"type": ""}
    kind, rest = words[0], words[1:]
    groups = [g.split() for g in " ".join(rest).split("|")] if rest else []
    if kind == "take_pile":
        return {"type": kind, "cards": groups[0] if groups else [], "melds": groups[1:]}
    if kind == "meld":
        return {"type": kind, "melds": groups}
    if kind == "add":
        return {"type": kind, "meld": rest[0] if rest else None, "cards": rest[1:]}
    if kind == "discard":
        return {"type": kind, "card": rest[0] if rest else None}
    if kind == "answer":
        return {"type": kind, "yes": {"yes": True, "no": False}.get(rest[0] if rest else "")}
    return {"type": kind}


def parse_action(raw: object) -> Action:
    """An action from its JSON object or string form, checked for shape and normalised (cards
    sorted), so the same action always has the same form."""
    if isinstance(raw, str):
        raw = parse_text(raw)
    kind = action_kind(raw, ACTION_FIELDS, '{"type": "draw"}', msg("a Canasta action"))
    assert isinstance(raw, dict)  # action_kind refuses anything else
    action: Action = {"type": kind}
    if kind == "take_pile":
        action["cards"] = _card_list(
            raw.get("cards", []), msg('The cards to take the pile with must be a list of card codes such as "7H".')
        )
        action["melds"] = _meld_list(
            raw.get("melds", []), msg("The other melds must be a list of melds, each a list of card codes.")
        )
    elif kind == "meld":
        action["melds"] = _meld_list(
            raw.get("melds"), msg("A meld action's melds must be a list of melds, each a list of card codes.")
        )
        if not action["melds"]:
            raise GameError("bad_action", msg("Say which cards to meld."))
    elif kind == "add":
        target = raw.get("meld")
        if not isinstance(target, str) or target not in NATURAL_RANKS + ["3"]:
            raise GameError("bad_action", msg('Say which meld to add to by its rank, such as "7" or "K".'))
        action["meld"] = target
        action["cards"] = _card_list(
            raw.get("cards"), msg('The cards to add must be a list of card codes such as "7H".')
        )
        if not action["cards"]:
            raise GameError("bad_action", msg("Say which cards to add."))
    elif kind == "discard":
        card = raw.get("card")
        if not isinstance(card, str):
            raise GameError("bad_action", msg("Say which card to discard."))
        if card not in DECK:
            raise no_such_card(card)
        action["card"] = card
    elif kind == "answer":
        if not isinstance(raw.get("yes"), bool):
            raise GameError("bad_action", msg("An answer is yes (true) or no (false)."))
        action["yes"] = raw["yes"]
    return action


def action_text(action: Action) -> str:
    """The stable string form of an action (see `parse_text`)."""
    kind = action["type"]
    if kind == "take_pile":
        return " | ".join([" ".join(["take_pile", *action["cards"]])] + [" ".join(m) for m in action["melds"]])
    if kind == "meld":
        return "meld " + " | ".join(" ".join(m) for m in action["melds"])
    if kind == "add":
        return " ".join(["add", action["meld"], *action["cards"]])
    if kind == "discard":
        return f"discard {action['card']}"
    if kind == "answer":
        return f"answer {'yes' if action['yes'] else 'no'}"
    return kind


# --- Actions: legality ------------------------------------------------------------------------------


def turn_block(state: State, seat: int, kind: str) -> GameError | None:
    """Why `seat` cannot take an action of this kind at this moment (turn and phase only)."""
    if state.over:
        return GameError("game_over", msg("The game is over."))
    if kind == "answer":
        if state.phase == "answer" and seat == partner(state, state.turn):
            return None
        return GameError("not_your_turn", msg("Nobody is asking you anything now."))
    if seat != state.turn:
        if state.phase == "answer":
            return GameError(
                "not_your_turn", msg("{name} must answer first.", name=state.names[partner(state, state.turn)])
            )
        return GameError("not_your_turn", msg("It is {name}'s turn.", name=state.names[state.turn]))
    if state.phase == "answer":
        return GameError("not_your_turn", msg("Wait for {name}'s answer.", name=state.names[partner(state, seat)]))
    if kind in ("draw", "take_pile", "end_hand"):
        if state.phase != "draw":
            return GameError("already_drawn", msg("You have already drawn this turn."))
    elif state.phase != "play":
        return GameError("draw_first", msg("Draw from the stock or pick up the pile first."))
    return None


def missing_cards(hand: list[str], cards: list[str]) -> Message | None:
    """Which of `cards` the hand does not hold (as the sentence), or None. Counted with list.count:
    hands are small, and this runs for every suggested move."""
    short_of = [c for c in set(cards) if cards.count(c) > hand.count(c)]
    if short_of:
        card = sorted_cards(short_of)[0]
        if card in hand:
            return msg("You do not hold another {card}.", card=label(card))
        return msg("You do not hold a {card}.", card=label(card))
    return None


def hand_after(hand: list[str], cards: list[str]) -> list[str]:
    """The hand without `cards` (which it holds)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def keeps_playing(state: State, seat: int, left: int) -> bool:
    """Whether a meld leaving `left` cards can neither go out nor break a yes (R13): most melds, which
    need no look at the melds they make."""
    return left >= 2 and not told_to_go_out(state, seat)


def going_out_block(state: State, seat: int, melds_after: dict[str, list[str]], left: int) -> Message | None:
    """R13: leaving fewer than two cards before the discard (or none at all) means going out, which
    needs a team canasta (A30) and, with the option, no "no" from the partner this turn."""
    if left >= 2:
        return None
    if not has_canasta(melds_after):
        if left == 1:
            return msg(
                "Your team needs a canasta before you can go out, so you must keep a card to discard and one more."
            )
        return msg("Your team needs a canasta before you can go out.")
    if state.asked and state.asked["answer"] is False:
        return msg("{name} said no: you cannot go out this turn.", name=state.names[partner(state, seat)])
    return None


def initial_block(state: State, seat: int, cards: list[str], with_top: bool = False) -> Message | None:
    """R8: the team's first meld must reach its minimum count (`with_top`: the pile's top card is among
    `cards`)."""
    need = state.initial[team_of(state, seat)]
    got = count(cards)
    if got < need:
        if with_top:
            return msg(
                "Your team's first meld needs {need} points; the top card and your cards count {got}.",
                need=need,
                got=got,
            )
        return msg("Your team's first meld needs {need} points; these cards count {got}.", need=need, got=got)
    return None


def new_melds_block(state: State, seat: int, melds: list[list[str]]) -> Message | None:
    """Each new meld is valid, of a rank the team has not melded, and no two share a rank (A17)."""
    team_melds = state.melds[team_of(state, seat)]
    seen = set()
    for cards in melds:
        why = meld_block(state.opts, cards)
        if why:
            return why
        r = valid_rank(cards)
        if r in team_melds:
            return msg("Your team already has a meld of {rank}: add to it instead.", rank=rank_plural(r))
        if r in seen:
            return msg("Two melds of {rank}: put them in one meld.", rank=rank_plural(r))
        seen.add(r)
    return None


def pile_block(state: State, seat: int) -> Message | None:
    """Why the pile cannot be taken at all right now, whatever cards are offered (R11.1, R11.2)."""
    if not state.pile:
        return msg("The discard pile is empty.")
    top = state.pile[-1]
    if is_black_three(top):
        return msg("A pile with a black three on top cannot be taken.")
    if is_wild(top):
        return msg("A pile with a wild card on top cannot be taken.")
    if len(state.pile) == 1 and len(state.hands[seat]) == 1:
        return msg("You cannot pick up a one-card pile when you hold only one card.")
    return None


def frozen_for(state: State, seat: int) -> str | None:
    """R10.4 / R11.3: why the pile needs a natural pair for this seat: "frozen" (a card froze it) or
    "unmelded" (the team has not made its first meld); None if it does not."""
    if state.frozen_by:
        return "frozen"
    if not state.has_melded[team_of(state, seat)]:
        return "unmelded"
    return None


def take_pile_block(state: State, seat: int, action: Action) -> Message | None:
    why = pile_block(state, seat)
    if why:
        return why
    top = state.pile[-1]
    r = rank(top)
    cards, extra = action["cards"], action["melds"]
    hand = state.hands[seat]
    why = missing_cards(hand, cards + [c for m in extra for c in m])
    if why:
        return why
    odd = [c for c in cards if not is_wild(c) and rank(c) != r]
    if odd:
        return msg(
            "Only {rank} and wild cards can go with the {card} from the pile.", rank=rank_plural(r), card=short(top)
        )
    naturals = [c for c in cards if not is_wild(c)]
    frozen = frozen_for(state, seat)
    if state.frozen_by and len(naturals) < 2:
        return msg(
            "The pile is frozen by the {card}, so you need a pair of natural {rank} from your hand to pick it up.",
            card=short(state.frozen_by),
            rank=rank_plural(r),
        )
    if frozen and len(naturals) < 2:
        return msg(
            "Your team has not made its first meld, so you need a pair of natural {rank} from your hand to pick it up.",
            rank=rank_plural(r),
        )
    team_melds = state.melds[team_of(state, seat)]
    if r in team_melds:
        why = meld_block(state.opts, team_melds[r] + [top] + cards)
        if why:
            return msg(
                "The {card} cannot go on your meld of {rank} that way. {why}",
                card=short(top),
                rank=rank_plural(r),
                why=why,
            )
    elif not cards:
        return msg(
            "Your team has no meld of {rank}: show cards from your hand to meld the {card} with.",
            rank=rank_plural(r),
            card=short(top),
        )
    else:
        why = meld_block(state.opts, [top] + cards)
        if why:
            return msg("The {card} must make a meld. {why}", card=short(top), why=why)
    why = new_melds_block(state, seat, extra + ([] if r in team_melds else [[top] + cards]))
    if why:
        return why
    if any(meld_rank(m) == "3" for m in extra):
        return BLACK_THREES_LAST
    if not state.has_melded[team_of(state, seat)]:
        why = initial_block(state, seat, [top] + cards + [c for m in extra for c in m], with_top=True)
        if why:
            return why
    used = cards + [c for m in extra for c in m]
    left = len(hand) - len(used) + len(state.pile) - 1 - sum(is_red_three(c) for c in state.pile)
    melds_after = with_cards(team_melds, [[top] + cards] + extra)
    return going_out_block(state, seat, melds_after, left)


def with_cards(melds: dict[str, list[str]], groups: list[list[str]], into: str | None = None) -> dict[str, list[str]]:
    """The team's melds after adding each group (to its rank's meld, or as a new meld)."""
    out = dict(melds)  # the melds not added to are shared, never changed
    for cards in groups:
        r = into or valid_rank(cards)
        out[r] = out.get(r, []) + list(cards)
    return out


BLACK_THREES_LAST = msg("Black threes can only be melded when you go out.")


def meld_action_block(state: State, seat: int, action: Action) -> Message | None:
    melds = action["melds"]
    used = [c for m in melds for c in m]
    why = missing_cards(state.hands[seat], used) or new_melds_block(state, seat, melds)
    return why or melding_block(state, seat, melds, used)


def melding_block(state: State, seat: int, melds: list[list[str]], used: list[str]) -> Message | None:
    """What is left to check of new melds that are held and valid, of ranks the team has not melded
    (`used`: their cards): black threes only when going out, the first meld's minimum, going out."""
    hand = state.hands[seat]
    team = team_of(state, seat)
    left = len(hand) - len(used)
    if any(meld_rank(m) == "3" for m in melds) and left > 1:
        return BLACK_THREES_LAST
    if keeps_playing(state, seat, left):  # not going out: only the first meld's minimum is left to check
        return None if state.has_melded[team] else initial_block(state, seat, used)
    melds_after = with_cards(state.melds[team], melds)
    if not state.has_melded[team] and not concealed_exempt(state, seat, melds_after, left):
        why = initial_block(state, seat, used)
        if why:
            return why
    return going_out_block(state, seat, melds_after, left) or must_go_out_block(
        state, seat, hand_after(hand, used), melds_after
    )


def concealed_exempt(state: State, seat: int, melds_after: dict[str, list[str]], left: int) -> bool:
    """A33c option: going out concealed after drawing from the stock needs no minimum."""
    return (
        state.opts.concealed_min_only_if_pile
        and state.drew == "stock"
        and left <= 1
        and not state.melded_before[seat]
        and has_canasta(melds_after)
    )


def add_block(state: State, seat: int, action: Action) -> Message | None:
    r, cards = action["meld"], action["cards"]
    team = team_of(state, seat)
    why = missing_cards(state.hands[seat], cards)
    if why:
        return why
    if r not in state.melds[team]:
        if r in state.melds[1 - team]:
            return msg(
                "You cannot add to the other team's melds; your team has no meld of {rank}.", rank=rank_plural(r)
            )
        return msg("Your team has no meld of {rank}.", rank=rank_plural(r))
    odd = [c for c in cards if rank(c) != r and not is_wild(c)]
    if odd:
        return msg("The {card} does not belong in a meld of {rank}.", card=short(odd[0]), rank=rank_plural(r))
    return adding_block(state, seat, r, cards)


def adding_block(state: State, seat: int, r: str, cards: list[str]) -> Message | None:
    """What is left to check of held cards of rank `r` or wild, added to the team's meld of `r`: black
    threes only when going out, the grown meld's limits, going out."""
    hand = state.hands[seat]
    if r == "3" and len(hand) - len(cards) > 1:
        return BLACK_THREES_LAST
    team = team_of(state, seat)
    why = meld_block(state.opts, state.melds[team][r] + cards)
    if why:
        return why
    left = len(hand) - len(cards)
    if keeps_playing(state, seat, left):
        return None
    melds_after = with_cards(state.melds[team], [cards], r)
    return going_out_block(state, seat, melds_after, left) or must_go_out_block(
        state, seat, hand_after(hand, cards), melds_after
    )


def suggestion_block(state: State, seat: int, action: Action) -> Message | None:
    """Why the rules refuse one of `meld_suggestions` (of the seat whose turn and phase it is), or None:
    they are made of held cards, as valid melds of ranks the team has not melded or as additions of a
    rank's cards or a wild card to the team's meld of it, so only the rest of the check is left."""
    if action["type"] == "meld":
        return melding_block(state, seat, action["melds"], [c for m in action["melds"] for c in m])
    return adding_block(state, seat, action["meld"], action["cards"])


def discard_block(state: State, seat: int, action: Action) -> Message | None:
    card = action["card"]
    hand = state.hands[seat]
    why = missing_cards(hand, [card])
    if why:
        return why
    if len(hand) == 1:
        return going_out_block(state, seat, state.melds[team_of(state, seat)], 0)
    if told_to_go_out(state, seat):
        return msg(
            "{name} said yes, so you must go out this turn: meld your cards and discard only your last one.",
            name=state.names[partner(state, seat)],
        )
    return None


def end_hand_block(state: State, seat: int) -> Message | None:
    """R16.2: with the stock empty, a player who cannot or need not take the pile ends the hand."""
    if state.stock:
        return msg("The stock is not empty: draw a card.")
    if must_take(state, seat):
        top = state.pile[-1]
        return msg(
            "The stock is empty and the {card} fits your team's meld, so you must pick up the pile.", card=short(top)
        )
    return None


def must_take(state: State, seat: int) -> bool:
    """R16.2: the top card fits the team's meld and the pile is not frozen (and can be taken)."""
    if state.stock or pile_block(state, seat) or frozen_for(state, seat):
        return False
    return take_pile_block(state, seat, {"type": "take_pile", "cards": [], "melds": []}) is None


def ask_block(state: State, seat: int) -> Message | None:
    """R13.6: a player asks only when about to go out: a yes must be obeyed, so asking needs a hand
    that can go out this turn."""
    if not state.opts.ask_partner:
        return msg("These rules have no asking the partner.")
    if state.asked:
        return msg("You have already asked this turn.")
    if len(state.hands[seat]) < 2:
        return msg("Ask before you meld down to your last card.")
    if not can_go_out(state, seat, state.hands[seat], state.melds[team_of(state, seat)]):
        return msg("You cannot go out with these cards this turn, so there is nothing to ask.")
    return None


def told_to_go_out(state: State, seat: int) -> bool:
    """R13.6: the partner said yes this turn, so the player must go out."""
    return bool(state.asked and state.asked["answer"] is True and state.turn == seat)


def must_go_out_block(
    state: State, seat: int, hand_after: list[str], melds_after: dict[str, list[str]]
) -> Message | None:
    """After a yes, every meld must keep going out possible (the player must go out)."""
    if told_to_go_out(state, seat) and hand_after and not can_go_out(state, seat, hand_after, melds_after):
        return msg(
            "{name} said yes, so you must go out this turn: after that you could not.",
            name=state.names[partner(state, seat)],
        )
    return None


def can_go_out(state: State, seat: int, hand: list[str], melds: dict[str, list[str]]) -> bool:
    return going_out_plan(state, seat, hand, melds) is not None


def going_out_plan(state: State, seat: int, hand: list[str], melds: dict[str, list[str]]) -> list[Action] | None:
    """Actions that go out this turn with `hand` onto the team's `melds` (None if there are none):
    every card melded (new melds or additions) except at most one, the final discard; the team then
    has a canasta (R13.1), and a team without its first meld reaches the minimum (R8). Exact for
    the rules here: a new meld needs two naturals of its rank, and the wild cards must fit the
    melds' limits. The step that makes the canasta comes first, black threes last, so that every
    step is legal in turn."""
    for discard in [None, *sorted_cards(set(hand))]:
        rest = hand_after(hand, [discard] if discard else [])
        steps = meld_everything(state, seat, rest, melds)
        if steps is not None:
            return steps + ([{"type": "discard", "card": discard}] if discard else [])
    return None


def meld_everything(state: State, seat: int, cards: list[str], melds: dict[str, list[str]]) -> list[Action] | None:
    """The meld and add actions that lay down all of `cards` (see `going_out_plan`), or None."""
    blacks = [c for c in cards if is_black_three(c)]
    if len(blacks) in (1, 2):
        return None  # black threes meld only as three or more of them
    wilds = cheapest_wilds(cards)
    naturals: dict[str, list[str]] = {}
    for c in sorted_cards(cards):
        if is_natural(c):
            naturals.setdefault(rank(c), []).append(c)
    caps, sizes, need = {}, {}, {}
    for r in set(naturals) | {r for r in melds if r != "3"}:
        old = melds.get(r, [])
        n = len(naturals.get(r, [])) + sum(not is_wild(c) for c in old)
        if n < 2:
            return None  # a new meld needs two naturals (R7.2)
        limit = {"standard": 3, "literal": min(3, n // 2), "no_outnumber": min(3, n)}[state.opts.wild_ratio]
        caps[r] = limit - sum(is_wild(c) for c in old)
        sizes[r] = len(old) + len(naturals.get(r, []))
        need[r] = max(0, 3 - sizes[r])  # a new meld of two naturals needs a wild card
    if any(need[r] > caps[r] for r in caps) or not sum(need.values()) <= len(wilds) <= sum(caps.values()):
        return None
    # R8: a team with no meld on the table (counting melds just made this turn: `melds` may be the
    # melds after the action being checked) must reach its minimum with what it lays down.
    exempt = state.opts.concealed_min_only_if_pile and state.drew == "stock" and not state.melded_before[seat]
    if not melds and not exempt and count(cards) < state.initial[team_of(state, seat)]:
        return None
    share = dict(need)
    first = None  # the rank whose meld becomes the team's canasta, when it has none yet
    if not has_canasta(melds):
        for r in sorted(caps, key=RANKS.index):  # one meld takes as many wild cards as the others spare
            mine = min(caps[r], len(wilds) - sum(need[o] for o in caps if o != r))
            if sizes[r] + mine >= 7 and len(wilds) - mine <= sum(caps[o] for o in caps if o != r):
                first, share[r] = r, mine
                break
        if first is None:
            return None
    spare = len(wilds) - sum(share.values())
    for r in sorted(caps, key=RANKS.index):
        if r != first and spare:
            extra = min(spare, caps[r] - share[r])
            share[r] += extra
            spare -= extra
    groups = {}
    for r in sorted(caps, key=RANKS.index):
        groups[r] = naturals.get(r, []) + [wilds.pop(0) for _ in range(share[r])]
    adds = [{"type": "add", "meld": r, "cards": sorted_cards(g)} for r, g in groups.items() if r in melds and g]
    fresh = [sorted_cards(g) for r, g in groups.items() if r not in melds]
    steps = adds + ([{"type": "meld", "melds": fresh}] if fresh else [])
    steps.sort(key=lambda a: first not in ([a["meld"]] if a["type"] == "add" else [meld_rank(m) for m in a["melds"]]))
    if blacks:
        if not melds:  # a team's first meld is one action: black threes go with it
            steps = [{"type": "meld", "melds": [m for a in steps for m in a["melds"]] + [sorted_cards(blacks)]}]
        else:
            steps.append({"type": "meld", "melds": [sorted_cards(blacks)]})
    return steps


def check(state: State, seat: int, action: Action) -> GameError | None:
    """Every reason `seat` may not take `action` now, as the error the player will see."""
    if bad_seat := seat_error(state, seat):
        return bad_seat
    block = turn_block(state, seat, action["type"])
    if block:
        return block
    why = rule_block(state, seat, action)
    return GameError("illegal_action", why) if why else None


def rule_block(state: State, seat: int, action: Action) -> Message | None:
    """Why the rules refuse `action` of the seat whose turn and phase it is, or None."""
    return BLOCKS[action["type"]](state, seat, action)


Block = Callable[[State, int, Action], Message | None]  # why the rules refuse an action, or None

BLOCKS: dict[str, Block] = {  # each action type's rule check, past the turn and phase: why it is refused, or None
    "draw": lambda state, seat, action: (
        None if state.stock else msg("The stock is empty: pick up the pile, or end the hand.")
    ),
    "end_hand": lambda state, seat, action: end_hand_block(state, seat),
    "take_pile": take_pile_block,
    "meld": meld_action_block,
    "add": add_block,
    "discard": discard_block,
    "ask_go_out": lambda state, seat, action: ask_block(state, seat),
    "answer": lambda state, seat, action: None,
}


# --- Suggested actions --------------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """The simple legal actions of `seat` now, and a few suggested melds; every other composed meld is
    checked by `explain`. Each listed action is legal."""
    if state.over:
        return []
    if state.phase == "answer":
        if seat == partner(state, state.turn):
            return [{"type": "answer", "yes": True}, {"type": "answer", "yes": False}]
        return []
    if seat != state.turn:
        return []
    candidates: list[tuple[Action, Block]] = []  # each with its check (the seat's turn and phase hold)
    if state.phase == "draw":
        candidates.append(({"type": "draw"} if state.stock else {"type": "end_hand"}, rule_block))
        candidates += [(action, rule_block) for action in take_suggestions(state, seat)]
    else:
        if told_to_go_out(state, seat):  # the rules make the player go out: offer a way
            plan = going_out_plan(state, seat, state.hands[seat], state.melds[team_of(state, seat)])
            assert plan is not None  # a yes is given only when going out is possible, and melds keep it so
            candidates += [(action, rule_block) for action in plan[:1]]
        candidates += [(action, suggestion_block) for action in meld_suggestions(state, seat)]
        if state.opts.ask_partner:
            candidates.append(({"type": "ask_go_out"}, rule_block))
    out, seen = [], set()
    for action, block in candidates:
        text = action_text(action)
        if text not in seen and block(state, seat, action) is None:
            seen.add(text)
            out.append(action)
    if state.phase == "play":
        out += discards(state, seat)
    return out


def discards(state: State, seat: int) -> list[Action]:
    """The legal discards, without a full check of each (every discard of one card in turn is alike:
    legal while the player keeps cards, unless a yes means they must go out; the last card only
    with a canasta)."""
    hand = state.hands[seat]
    if len(hand) > 1 and not told_to_go_out(state, seat):
        return [{"type": "discard", "card": c} for c in sorted_cards(set(hand))]
    return [
        a for a in ({"type": "discard", "card": c} for c in sorted_cards(set(hand))) if check(state, seat, a) is None
    ]


def take_suggestions(state: State, seat: int) -> list[Action]:
    if pile_block(state, seat):
        return []
    top = state.pile[-1]
    r = rank(top)
    hand = state.hands[seat]
    naturals = sorted_cards(c for c in hand if rank(c) == r)
    wilds = cheapest_wilds(hand)
    options: list[list[str]] = [[]] if r in state.melds[team_of(state, seat)] else []
    if len(naturals) >= 2:
        options += [naturals[:2], naturals]
    if naturals and wilds:
        options.append([naturals[0], wilds[0]])
    out = []
    for cards in options:
        extra = []
        if not state.has_melded[team_of(state, seat)]:
            extra = hand_melds(hand_after(hand, cards), exclude={r})
        out.append({"type": "take_pile", "cards": sorted_cards(cards), "melds": extra})
        if extra:
            out.append({"type": "take_pile", "cards": sorted_cards(cards), "melds": []})
    return out


def cheapest_wilds(hand: Iterable[str]) -> list[str]:
    return sorted([c for c in hand if c in WILD], key=WILD_ORDER.__getitem__)


WILD_ORDER = {c: (value(c), sort_key(c)) for c in WILD}  # the cheapest first, then in display order


def hand_melds(hand: list[str], exclude: Collection[str] = ()) -> list[list[str]]:
    """Melds a hand can lay down at once, in display order: each rank with three naturals, then pairs
    with a wild card. Each is valid under every option (R7: two naturals or more, one wild card at
    most, never a three)."""
    return melds_of(by_rank(hand), cheapest_wilds(hand), exclude)


def melds_of(groups: dict[str, list[str]], wilds: list[str], exclude: Collection[str]) -> list[list[str]]:
    """`hand_melds` of a hand already grouped `by_rank`, with its `cheapest_wilds`."""
    naturals = [cards for r, cards in groups.items() if r in NATURAL_RANKS and r not in exclude]
    melds = [cards for cards in naturals if len(cards) >= 3]
    wilds = list(wilds)
    for cards in naturals:
        if len(cards) == 2 and wilds:
            melds.append([wilds.pop(0), *cards])  # wild cards come first in display order
    return melds


def by_rank(hand: list[str]) -> dict[str, list[str]]:
    """The hand's cards by rank, each rank's in display order, the ranks in display order too."""
    groups: dict[str, list[str]] = {}
    for c in sorted_cards(hand):
        groups.setdefault(RANK_OF[c], []).append(c)
    return groups


def meld_suggestions(state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    team_melds = state.melds[team_of(state, seat)]
    out = []
    groups, wilds = by_rank(hand), cheapest_wilds(hand)
    fresh = melds_of(groups, wilds, team_melds)
    if fresh:
        out.append({"type": "meld", "melds": fresh})
        out += [{"type": "meld", "melds": [m]} for m in fresh] if len(fresh) > 1 else []
    blacks = [c for c in groups.get("3", []) if is_black_three(c)]
    if len(blacks) >= 3:
        out.append({"type": "meld", "melds": [blacks]})
    wild = wilds[:1]
    for r in team_melds:
        if r in groups:
            out.append({"type": "add", "meld": r, "cards": groups[r]})
        if wild and r != "3":
            out.append({"type": "add", "meld": r, "cards": wild})
    return out


# --- Actions: effects ---------------------------------------------------------------------------------


def names(cards: Iterable[str]) -> Text:
    """Cards' compact names, in display order: "Joker 7♥ 7♠"."""
    return card_row(sorted_cards(cards))


def do_draw(state: State, seat: int, action: Action) -> None:
    """R6.2a-b: one card (A12); red threes are put down and replaced; the last card ends the hand
    if it is a red three (R16.1)."""
    state.drew, state.phase = "stock", "play"
    while True:
        card = state.stock.pop()
        if not is_red_three(card):
            state.hands[seat].append(card)
            log(state, seat, msg("{name} draws from the stock.", name=state.names[seat]))
            return
        state.red_threes[team_of(state, seat)].append(card)
        log(state, seat, msg("{name} draws the {card} and puts it down.", name=state.names[seat], card=short(card)))
        if not state.stock:
            log(state, None, msg("That was the last card of the stock: the hand ends."))
            return end_hand(state, None)


def do_take_pile(state: State, seat: int, action: Action) -> None:
    """R11.5: the top card is melded at once with the shown cards; the rest of the pile goes to the
    hand; red threes in it are put down without replacement."""
    team = team_of(state, seat)
    top = state.pile.pop()
    rest, state.pile, state.frozen_by = state.pile, [], None
    first = not state.has_melded[team]
    for card in action["cards"] + [c for m in action["melds"] for c in m]:
        state.hands[seat].remove(card)
    if rank(top) not in state.melds[team]:
        state.new_melds.add(rank(top))
    state.new_melds.update(valid_rank(m) for m in action["melds"])
    lay(state, team, [top] + action["cards"], rank(top))
    for cards in action["melds"]:
        lay(state, team, cards)
    state.has_melded[team] = True
    threes = [c for c in rest if is_red_three(c)]
    state.red_threes[team] += threes
    state.hands[seat] += [c for c in rest if not is_red_three(c)]
    state.drew, state.phase, state.melded_this_turn = "pile", "play", True
    log(state, seat, took_pile(state.names[seat], len(rest) + 1, short(top), rank(top), action, first, threes))
    after_meld(state, seat)


def took_pile(name: str, n: int, top: Text, r: str, action: Action, first: bool, threes: list[str]) -> Text:
    """The event of picking up the pile: "Ann picks up the pile (5 cards), melding the 7♥ with 7♠ 7♦ (the
    team's first meld)." with the other melds and the red threes as sentences of their own."""
    if action["cards"]:
        if first:
            said = plural(
                "{name} picks up the pile ({n} card), melding the {card} with {cards} (the team's first meld).",
                "{name} picks up the pile ({n} cards), melding the {card} with {cards} (the team's first meld).",
                n,
                name=name,
                card=top,
                cards=names(action["cards"]),
            )
        else:
            said = plural(
                "{name} picks up the pile ({n} card), melding the {card} with {cards}.",
                "{name} picks up the pile ({n} cards), melding the {card} with {cards}.",
                n,
                name=name,
                card=top,
                cards=names(action["cards"]),
            )
    else:
        said = plural(
            "{name} picks up the pile ({n} card), melding the {card} on the team's {rank}.",
            "{name} picks up the pile ({n} cards), melding the {card} on the team's {rank}.",
            n,
            name=name,
            card=top,
            rank=rank_plural(r),
        )
    more = []
    if action["melds"]:
        more.append(msg("{name} also melds {melds}.", name=name, melds=comma_row([names(m) for m in action["melds"]])))
    if threes:
        more.append(msg("{name} puts down {cards} from the pile.", name=name, cards=names(threes)))
    return situation(said, *more)


def lay(state: State, team: int, cards: list[str], r: str | None = None) -> None:
    r = r or valid_rank(cards)
    before = canasta_kind(state.melds[team].get(r, []))
    state.melds[team][r] = state.melds[team].get(r, []) + list(cards)
    kind = canasta_kind(state.melds[team][r])
    if kind and kind != before:
        texts = {
            ("natural", False): msg(
                "{team} complete a natural canasta of {rank}.", team=team_name(state, team), rank=rank_plural(r)
            ),
            ("mixed", False): msg(
                "{team} complete a mixed canasta of {rank}.", team=team_name(state, team), rank=rank_plural(r)
            ),
            ("natural", True): msg(
                "{team} now have a natural canasta of {rank}.", team=team_name(state, team), rank=rank_plural(r)
            ),
            ("mixed", True): msg(
                "{team} now have a mixed canasta of {rank}.", team=team_name(state, team), rank=rank_plural(r)
            ),
        }
        log(state, None, texts[kind, bool(before)])


def do_meld(state: State, seat: int, action: Action) -> None:
    team = team_of(state, seat)
    first = not state.has_melded[team]
    for cards in action["melds"]:
        for card in cards:
            state.hands[seat].remove(card)
    melds = comma_row([names(m) for m in action["melds"]])
    if first:
        log(state, seat, msg("{name} melds {melds} (the team's first meld).", name=state.names[seat], melds=melds))
    else:
        log(state, seat, msg("{name} melds {melds}.", name=state.names[seat], melds=melds))
    for cards in action["melds"]:
        state.new_melds.add(valid_rank(cards))
        lay(state, team, cards)
    state.has_melded[team] = True
    state.melded_this_turn = True
    after_meld(state, seat)


def do_add(state: State, seat: int, action: Action) -> None:
    team = team_of(state, seat)
    for card in action["cards"]:
        state.hands[seat].remove(card)
    log(
        state,
        seat,
        msg(
            "{name} adds {cards} to the {rank}.",
            name=state.names[seat],
            cards=names(action["cards"]),
            rank=rank_plural(action["meld"]),
        ),
    )
    lay(state, team, action["cards"], action["meld"])
    state.melded_this_turn = True
    after_meld(state, seat)


def after_meld(state: State, seat: int) -> None:
    if not state.hands[seat]:
        go_out(state, seat)


def do_discard(state: State, seat: int, action: Action) -> None:
    card = action["card"]
    state.hands[seat].remove(card)
    state.pile.append(card)
    if freezes(state.opts, card) and state.frozen_by is None:
        state.frozen_by = card
    if state.frozen_by == card:
        log(
            state, seat, msg("{name} discards the {card}, freezing the pile.", name=state.names[seat], card=short(card))
        )
    else:
        log(state, seat, msg("{name} discards the {card}.", name=state.names[seat], card=short(card)))
    if not state.hands[seat]:
        return go_out(state, seat)
    if state.melded_this_turn:
        state.melded_before[seat] = True
    start_turn(state, left_of(state, seat))


def do_end_hand(state: State, seat: int, action: Action) -> None:
    log(
        state,
        seat,
        msg("The stock is empty and {name} does not pick up the pile: the hand ends.", name=state.names[seat]),
    )
    end_hand(state, None)


def do_ask(state: State, seat: int, action: Action) -> None:
    state.asked = {"seat": seat, "answer": None}
    state.phase = "answer"
    log(
        state,
        seat,
        msg('{name}: "{partner}, may I go out?"', name=state.names[seat], partner=state.names[partner(state, seat)]),
    )


def do_answer(state: State, seat: int, action: Action) -> None:
    assert state.asked is not None  # answered only after the question (the "answer" phase)
    state.asked["answer"] = action["yes"]
    state.phase = "play"
    if action["yes"]:
        log(state, seat, msg('{name}: "Yes."', name=state.names[seat]))
    else:
        log(state, seat, msg('{name}: "No."', name=state.names[seat]))


PERFORM = {
    "draw": do_draw,
    "take_pile": do_take_pile,
    "meld": do_meld,
    "add": do_add,
    "discard": do_discard,
    "end_hand": do_end_hand,
    "ask_go_out": do_ask,
    "answer": do_answer,
}
_apply = applier(parse_action, check, PERFORM)


def apply(state: State, seat: int, action: object) -> Action:
    """Check and perform `action` (see core/rules.applier), counting the hand's moves: a new deal
    starts the count again."""
    hand = state.hand_no
    done = _apply(state, seat, action)
    if state.hand_no == hand:
        state.hand_moves += 1
    return done


# --- End of a hand, scoring (R13-R17) -----------------------------------------------------------------


def go_out(state: State, seat: int) -> None:
    concealed = is_concealed(state, seat)
    if concealed:
        log(state, seat, msg("{name} goes out concealed!", name=state.names[seat]))
    else:
        log(state, seat, msg("{name} goes out!", name=state.names[seat]))
    end_hand(state, seat, concealed)


def is_concealed(state: State, seat: int) -> bool:
    """R13.5 / A33a: the player melded the whole hand this turn, with no meld in an earlier turn, and
    those melds include a canasta of the player's own: a meld begun this turn that is now a
    canasta. A partner's canasta lets the player go out (R13.1), but does not make it concealed."""
    team_melds = state.melds[team_of(state, seat)]
    return not state.melded_before[seat] and any(canasta_kind(team_melds[r]) for r in state.new_melds)


def team_sheet(state: State, team: int, out_seat: int | None, concealed: bool) -> dict[str, Any]:
    """R15.1: one team's score for the hand, item by item."""
    melds = state.melds[team]
    kinds = [canasta_kind(cards) for cards in melds.values()]
    naturals, mixed = kinds.count("natural"), kinds.count("mixed")
    threes = len(state.red_threes[team])
    red = ALL_RED_THREES if threes == 4 else RED_THREE_VALUE * threes  # R14.2
    if not melds:
        red = -red  # R14.3 / A11: debited if the team made no meld
    going_out = 0
    if out_seat is not None and team_of(state, out_seat) == team:
        going_out = GOING_OUT_BONUS + (CONCEALED_BONUS if concealed else 0)
    seats = team_seats(state, team)
    left = {s: sorted_cards(state.hands[s]) for s in seats}
    parts = {
        "melds": sum(count(cards) for cards in melds.values()),
        "canastas": NATURAL_BONUS * naturals + MIXED_BONUS * mixed,
        "red_threes": red,
        "going_out": going_out,
        "hands": -sum(count(cards) for cards in left.values()),  # A34: both partners' hands
    }
    return {
        "team": team,
        "name": team_name(state, team),
        "seats": seats,
        **parts,
        "natural_canastas": naturals,
        "mixed_canastas": mixed,
        "red_three_count": threes,
        "cards_left": {str(s): left[s] for s in seats},
        "total": sum(parts.values()),
    }


def end_hand(state: State, out_seat: int | None, concealed: bool = False) -> None:
    sheet_teams = [team_sheet(state, t, out_seat, concealed) for t in (0, 1)]
    for line in sheet_teams:
        state.scores[line["team"]] += line["total"]
        line["score"] = state.scores[line["team"]]
    how = ("out_concealed" if concealed else "out") if out_seat is not None else "stock"  # how the hand ended
    sheet: dict[str, Any] = {
        "hand": state.hand_no,
        "out_seat": out_seat,
        "concealed": concealed and out_seat is not None,
        "ended": how,
        "teams": sheet_teams,
        "text": sheet_text(state, out_seat, concealed, sheet_teams),
    }
    state.sheets_json = json.dumps(state.sheets + [sheet])
    log(state, None, sheet["text"])
    a, b = state.scores
    if max(a, b) >= state.opts.target and a != b:  # R17 / A37: checked after the hand; higher total wins
        return finish(state, 0 if a > b else 1)
    if state.hand_no >= state.opts.hand_limit:  # our safeguard: the text has no end short of the target
        return finish(state, None if a == b else 0 if a > b else 1)
    if max(a, b) >= state.opts.target:
        log(state, None, msg("Both teams are level above the target: one more hand decides."))
    state.dealer = left_of(state, state.dealer)  # R4.6
    deal(state)


def sheet_text(state: State, out_seat: int | None, concealed: bool, teams: list[dict[str, Any]]) -> Text:
    """ "Hand 3: Ann went out. North-South: +605 this hand, 2,105 in all; East-West: ..."."""
    hand = state.hand_no
    if out_seat is None:
        how = msg("Hand {hand}: the stock ran out.", hand=hand)
    elif concealed:
        how = msg("Hand {hand}: {name} went out concealed.", hand=hand, name=state.names[out_seat])
    else:
        how = msg("Hand {hand}: {name} went out.", hand=hand, name=state.names[out_seat])
    first, second = teams
    scores = msg(
        "{first}: {first_total:+,} this hand, {first_score:,} in all; {second}: {second_total:+,} this "
        "hand, {second_score:,} in all.",
        first=first["name"],
        first_total=first["total"],
        first_score=first["score"],
        second=second["name"],
        second_total=second["total"],
        second_score=second["score"],
    )
    return situation(how, scores)


def finish(state: State, winner_team: int | None) -> None:
    state.finished, state.winner_team, state.phase = True, winner_team, "over"
    log(state, None, result_text(state))


def result_text(state: State) -> Message:
    a, b = state.scores
    t = state.winner_team
    if t is None:
        return msg(
            "After {hands} hands, the most this game allows, the teams are level at {score}: a draw.",
            hands=state.hand_no,
            score=a,
        )
    if max(a, b) < state.opts.target:
        return msg(
            "{hands} hands played, the most this game allows: {team} win, {score} to {other}!",
            hands=state.hand_no,
            team=team_text(state, t),
            score=state.scores[t],
            other=state.scores[1 - t],
        )
    return msg(
        "{team} win, {score} to {other}!", team=team_text(state, t), score=state.scores[t], other=state.scores[1 - t]
    )


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    t = state.winner_team
    places = [(0, 1), (1, 1)] if t is None else [(t, 1), (1 - t, 2)]
    standings = []
    for team, place in places:
        for s in team_seats(state, team):
            standings.append(
                {
                    "seat": s,
                    "name": state.names[s],
                    "place": place,
                    "detail": msg("{team}: {points} points", team=team_name(state, team), points=state.scores[team]),
                }
            )
    return {
        "winners": list(final_winners(state)),
        "team": t,
        "text": result_text(state),
        "standings": standings,
        "sheets": parsed_sheets(state.sheets_json),  # every hand's score sheet, in order
    }


# --- What a seat sees ---------------------------------------------------------------------------------


def waiting_for(state: State) -> list[int]:
    if state.over:
        return []
    return [partner(state, state.turn)] if state.phase == "answer" else [state.turn]


to_act = first_waiting(waiting_for)


def meld_line(r: str, cards: list[str]) -> dict[str, Any]:
    """A meld as a view shows it, in a dict of the view's own."""
    line = meld_facts(r, tuple(cards))
    return line | {"cards": list(line["cards"])}


@lru_cache(maxsize=1024)
def meld_facts(r: str, cards: tuple[str, ...]) -> dict[str, Any]:
    """What a view says of a meld, found once for as long as the meld stands: every view shows every
    meld on the table, and melds change far less often than views are made."""
    wilds = sum(c in WILD for c in cards)
    return {
        "rank": r,
        "cards": sorted_cards(cards),
        "naturals": len(cards) - wilds,
        "wilds": wilds,
        "count": count(cards),
        "canasta": canasta_kind(cards),
        "size": len(cards),
    }


def team_line(state: State, team: int) -> dict[str, Any]:
    melds = state.melds[team]
    order = sorted(melds, key=RANKS.index)
    threes = len(state.red_threes[team])
    lines = [meld_line(r, melds[r]) for r in order]
    return {
        "team": team,
        "name": team_name(state, team),
        "seats": Said(team_seats(state, team)),  # (Said: plain values, made anew, not walked for words)
        "score": state.scores[team],
        "melds": Said(lines),
        "canastas": sum(1 for line in lines if line["canasta"]),
        "red_threes": Said(sorted_cards(state.red_threes[team])),
        "red_three_value": ALL_RED_THREES if threes == 4 else RED_THREE_VALUE * threes,
        "initial_needed": state.initial[team],
        "initial_met": state.has_melded[team],
        "can_go_out": any(line["canasta"] for line in lines),
    }


# Made once: a view shows the same words move after move, and the same message is put into words once.
FROZEN_WHY = {
    card: msg("Frozen by the {card}: only a natural pair matching the top card takes it.", card=short(card))
    for card in DECK
}


def pile_line(state: State, seat: int | None) -> dict[str, Any]:
    top = state.pile[-1] if state.pile else None
    why = None
    if state.frozen_by:
        why = FROZEN_WHY[state.frozen_by]
    elif top and is_black_three(top):
        why = msg("A black three is on top: it cannot be taken.")
    line = {
        "count": len(state.pile),
        "top": top,
        "top_label": label(top) if top else None,
        "frozen": state.frozen_by is not None,
        "frozen_by": state.frozen_by,
        "why": why,
    }
    if seat is not None and not state.over:
        line["frozen_for_you"] = frozen_for(state, seat) is not None
        line["take_why"] = pile_block(state, seat)
    return line


OPTIONS_SHOWN = (
    "ask_partner",
    "target",
    "hand_limit",
    "partnership_draw",
    "wild_ratio",
    "black_three_freezes",
    "concealed_min_only_if_pile",
)  # the options a view shows, each a plain value


def view(state: State, seat: int | None, brief: bool = False) -> View:
    """What `seat` may see: its own hand, the table, counts. `None` is the public table. The discard
    pile shows its top card and the card that froze it; the cards under them are not searched (but
    the upcards of the deal and every discard were seen: the history has them, `hand_moves` says where
    this hand's moves begin). `brief` (for computer players) leaves out the history: events, score sheets, the draw."""
    mine = None if seat is None else team_of(state, seat)
    view: View = {
        "game": GAME_ID,
        "seat": seat,
        "team": mine,
        "players": Said(  # plain values, made anew: not walked again for words
            {
                "seat": s,
                "name": state.names[s],
                "team": team_of(state, s),
                "partner": partner(state, s),
                "hand_count": len(state.hands[s]),
                "dealer": s == state.dealer,
            }
            for s in range(PLAYERS)
        ),
        "order": Said(state.order),  # the seating, clockwise from the first team's first player
        "teams": [team_line(state, t) for t in (0, 1)],
        "stock_count": len(state.stock),
        "pile": pile_line(state, seat),
        "hand_no": state.hand_no,
        "hand_moves": state.hand_moves,  # a computer player finds this hand's moves in the history with it
        "upcards": Said(state.upcards),
        "dealer": state.dealer,
        "turn": None if state.over else state.turn,
        "phase": state.phase,
        "to_act": to_act(state),
        "waiting_for": Said(waiting_for(state)),
        "drew": state.drew,
        "asked": dict(state.asked) if state.asked else None,
        "hand": None
        if seat is None
        else [{"card": c, "label": label(c), "value": value(c)} for c in sorted_cards(state.hands[seat])],
        "actions": actions_of(legal_actions, state, seat),
        "must_go_out": told_to_go_out(state, seat) if seat is not None else False,
        "options": options_shown(state.opts, OPTIONS_SHOWN),
        "over": state.over,
        "result": result(state),
    }
    if not brief:  # a view is a copy: a caller that changes it changes no game
        # The last hand's sheet only: every hand's sheets come with the result (a view's cost stays
        # flat in the game's length; the table shows the last hand, the result every hand).
        sheets = parsed_sheets(state.sheets_json)
        view |= {
            "partnership_draw": Said(list(cards) for cards in state.draw_cards)
            if state.draw_cards is not None
            else None,
            "events": recent_events(state.events),
            "last_hand": sheets[-1] if sheets else None,
        }
    return view


_sheets: tuple[str, list[dict[str, Any]]] = ("[]", [])  # the last score sheets a view parsed


def parsed_sheets(sheets_json: str) -> list[dict[str, Any]]:
    """The score sheets, parsed once a hand: views on every move share them, and they are put into
    words once a hand (core/i18n.py's `fixed`), so a view costs no more late in a long game. Nothing
    changes them: a view is put into words, so copied, before it leaves the engine."""
    global _sheets
    if _sheets[0] != sheets_json:
        sheets = json.loads(sheets_json)
        _sheets = (sheets_json, fixed([fixed(sheet) for sheet in sheets]))
    return _sheets[1]


def summary(state: State, seat: int | None) -> Text:
    """The whole table in a few sentences, for "Read the table": the score, whose turn and what they
    do now, the pile, everyone's cards and melds, and the last move."""
    if state.over:
        return situation(msg("The game is over."), result_text(state), last_move(state.events))
    lines = [
        msg(
            "Hand {hand}. Score: {first} {first_score}, {second} {second_score}.",
            hand=state.hand_no,
            first=team_name(state, 0),
            first_score=state.scores[0],
            second=team_name(state, 1),
            second_score=state.scores[1],
        )
    ]
    if state.phase == "answer":
        asker, answerer = state.turn, partner(state, state.turn)
        if asker == seat:
            lines.append(msg("You ask {name}: may I go out?", name=state.names[answerer]))
        elif answerer == seat:
            lines.append(msg("{name} asks you: may I go out?", name=state.names[asker]))
        else:
            lines.append(
                msg("{name} asks {partner}: may I go out?", name=state.names[asker], partner=state.names[answerer])
            )
    elif state.turn == seat:
        lines.append(
            msg("Your turn: draw from the stock or take the pile.")
            if state.phase == "draw"
            else msg("Your turn: meld or add to melds, then discard.")
        )
    else:
        lines.append(msg("{name}'s turn.", name=state.names[state.turn]))
    n = len(state.pile)
    if not state.pile:
        lines.append(plural("Discard pile: {n} card.", "Discard pile: {n} cards.", n))
    elif state.frozen_by:
        lines.append(
            plural(
                "Discard pile: {n} card, {card} on top, frozen.",
                "Discard pile: {n} cards, {card} on top, frozen.",
                n,
                card=label(state.pile[-1]),
            )
        )
    else:
        lines.append(
            plural(
                "Discard pile: {n} card, {card} on top.",
                "Discard pile: {n} cards, {card} on top.",
                n,
                card=label(state.pile[-1]),
            )
        )
    lines.append(plural("Stock: {n} card.", "Stock: {n} cards.", len(state.stock)))
    if seat is not None:
        lines.append(plural("You hold {n} card.", "You hold {n} cards.", len(state.hands[seat])))
    holds = [
        plural("{name} has {n} card", "{name} has {n} cards", len(state.hands[s]), name=state.names[s])
        for s in state.order
        if s != seat
    ]
    lines.append(msg("{players}.", players=listed(holds)))
    for t in (0, 1):
        melds = state.melds[t]
        words = [
            plural(
                "{n} card of {rank} (a canasta)", "{n} cards of {rank} (a canasta)", len(melds[r]), rank=rank_plural(r)
            )
            if canasta_kind(melds[r])
            else plural("{n} card of {rank}", "{n} cards of {rank}", len(melds[r]), rank=rank_plural(r))
            for r in sorted(melds, key=RANKS.index)
        ]
        if words:
            lines.append(msg("{team} melds: {melds}.", team=team_name(state, t), melds=listed(words)))
        else:
            lines.append(msg("{team} melds: none.", team=team_name(state, t)))
    return situation(*lines, last_move(state.events))


def undo_block(state: State, seat: int, last: Action) -> Message | None:
    """Melds and additions can be taken back until the discard; drawing shows a new card and picking
    up the pile shows the cards under the top, so they are final; a discard passes the turn."""
    kind = last["type"]
    if kind in ("meld", "add") and state.phase == "play" and state.turn == seat and not state.over:
        return None
    if kind == "draw":
        return msg("You drew a new card, so your move is final.")
    if kind == "take_pile":
        return msg("You picked up the pile and saw its cards, so that is final.")
    if kind == "discard":
        return msg("Your discard ended your turn, so it is final.")
    if kind in ("ask_go_out", "answer"):
        return msg("The question has been asked and answered; it cannot be taken back.")
    return msg("The hand is over, so that move is final.")


# --- Invariants ---------------------------------------------------------------------------------------


def check_invariants(state: State) -> None:
    """Raise AssertionError if the state breaks a rule that must always hold."""
    everything = list(
        chain(state.stock, state.pile, *state.hands, *state.red_threes, *(c for m in state.melds for c in m.values()))
    )
    assert Counter(everything) == Counter(DECK), "the 108 cards are not conserved"
    for team in (0, 1):
        assert all(is_red_three(c) for c in state.red_threes[team]), "a non-red-three among the red threes"
        assert bool(state.melds[team]) == state.has_melded[team], "the first-meld flag disagrees with the melds"
        for r, cards in state.melds[team].items():
            assert meld_rank(cards) == r, f"a meld of {r} holds other cards"
            assert meld_block(state.opts, cards) is None, f"an invalid meld of {r}: {meld_block(state.opts, cards)}"
    for seat in range(PLAYERS):
        assert not any(is_red_three(c) for c in state.hands[seat]), "a red three stayed in a hand"
    start = state.setup.start_values({"scores", "hands"}).get("scores", [0, 0])
    sheets = state.sheets
    for team in (0, 1):
        assert start[team] + sum(s["teams"][team]["total"] for s in sheets) == state.scores[team], (
            f"team {team} score is not its sheets"
        )
    assert sorted(state.order) == list(range(PLAYERS)), "the seating is not the four players"
    assert state.hand_no <= state.opts.hand_limit, "more hands than the limit"
    for sheet in sheets:
        for line in sheet["teams"]:
            parts = ("melds", "canastas", "red_threes", "going_out", "hands")
            assert sum(line[p] for p in parts) == line["total"], "a sheet's parts do not add up"
    if state.over:
        a, b = state.scores
        if state.winner_team is None:
            assert a == b and state.hand_no >= state.opts.hand_limit, "a draw before the hand limit"
        else:
            assert max(a, b) >= state.opts.target or state.hand_no >= state.opts.hand_limit, "ended early"
            assert state.scores[state.winner_team] > state.scores[1 - state.winner_team], "the winner did not win"
    else:
        assert state.frozen_by is None or state.frozen_by in state.pile, "the pile is frozen by a card not in it"
        if state.phase == "draw":
            assert all(len(h) >= 1 for h in state.hands), "a player has no cards at the start of a turn"
        assert state.phase in ("draw", "play", "answer")
        assert state.hands[state.turn] or state.phase == "draw", "the player in turn has no cards"
