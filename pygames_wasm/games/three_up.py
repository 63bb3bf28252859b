"""3UP 3DOWN: get rid of your hand, then your three face-up cards, then your three face-down cards.

The rules are `shared/rules/three-up-three-down.md`; comments cite its numbers (R7.3 is a rule, O3
an optional rule, C14 / D9 / E6 an ambiguity with its chosen default, all in §2.17 as options).
Product decision (rules/README.md): the default deck is three colours (red, blue, green), each with
two of every number 1-10, two Clear and two Clear +1, and green also two Clear +2 (74 cards).

A round: everyone is dealt 3 face-down cards and 6 more, and picks 3 of the 6 to lie face up
(R3.4: the picks are hidden until everyone has picked). Then on your turn play one card or several
of one number, at least the number on top of the pile, from your hand; once the draw pile is gone
and your hand is empty, from your face-up cards; then flip your face-down cards one a turn. No
legal play: pick up the pile. Clears remove the pile from the game; Clear +1 / +2 then owe one or
two more plays, each of which may be preceded by one draw. Three of one number on top clear too.

The end-of-turn refill (R11) is its own action, as ONO 99's draw is: it shows the player new cards,
so until then the turn can be taken back (undo), after it the move is final.

Choices where the rules file is silent (also in docs/api.md):
- Card codes: colour letter + number or Clear kind: "R7", "B10", "GC", "RC+1", "GC+2".
- A play lists its cards in the order they land on the pile (R8.7); listed actions use one order.
- Four of a colour (O7) is offered as a swap decision right after the play that made it.
- A round that reaches the turn limit (our safeguard against a pile passed back and forth for
  ever, §2.16) is drawn: nobody wins it; with scoring everyone's cards count.
- O6: any number of trades (E6), until the player says "done"; a limit per player is an option.
- A Clear played as one's last card still removes the pile (the next player starts a fresh pile)
  before the player goes out.
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain, product
from typing import Any

from ..core import GameError, Rng, Setup, build_deck, shown
from ..core.game import Action, Event, View
from ..core.i18n import Message, Text, commas, listed, msg, plural, semicolons
from ..core.options import OptionSpec, lobby_info, options_shown, parse_options
from ..core.rng import SplitMix64
from ..core.rules import action_kind, applier, final_winners, first_waiting, number_or_word, seat_error
from ..core.views import actions_of, copied, last_move, log, recent_events, situation

GAME_ID = "three_up"
TITLE = "3UP 3DOWN"
MIN_SEATS, MAX_SEATS = 2, 6  # R1.2
TABLE_CARDS = 3  # R3.2 / R3.4: three face down, three face up
DEALT = 6  # R3.3
HAND_TARGET = 3  # R11.1: refill to three

# --- Cards (R2) -------------------------------------------------------------------------------------

COLOURS = {"R": "Red", "B": "Blue", "G": "Green"}
CLEARS = {"C": ("Clear", 0, 15), "C+1": ("Clear +1", 1, 20), "C+2": ("Clear +2", 2, 25)}  # name, owed, points
KINDS = [str(n) for n in range(1, 11)] + list(CLEARS)
CARDS = [c + k for c in COLOURS for k in KINDS]
DEFAULT_DECK = {c + k: 2 for c in COLOURS for k in KINDS if k != "C+2"} | {"GC+2": 2}  # 74 cards


def colour(card: str) -> str:
    return card[0]


def kind(card: str) -> str:
    return card[1:]


def is_clear(card: str) -> bool:
    return card[1] == "C"


NUMBERS = {c + k: int(k) for c in COLOURS for k in KINDS if k not in CLEARS}
# The cards' names (messages, translated in this game's catalogs): colour and number, colour and Clear kind.
NUMBER_LABELS = {
    "R": lambda n: msg("Red {number}", number=n),
    "B": lambda n: msg("Blue {number}", number=n),
    "G": lambda n: msg("Green {number}", number=n),
}
CLEAR_LABELS = {
    "RC": msg("Red Clear"),
    "RC+1": msg("Red Clear +1"),
    "RC+2": msg("Red Clear +2"),
    "BC": msg("Blue Clear"),
    "BC+1": msg("Blue Clear +1"),
    "BC+2": msg("Blue Clear +2"),
    "GC": msg("Green Clear"),
    "GC+1": msg("Green Clear +1"),
    "GC+2": msg("Green Clear +2"),
}
LABELS = {c + k: CLEAR_LABELS[c + k] if k in CLEARS else NUMBER_LABELS[c](int(k)) for c in COLOURS for k in KINDS}


def number(card: str) -> int:
    """The number of a number card (R2.2); Clear-type cards have none."""
    return NUMBERS[card]


def label(card: str) -> Message:
    """ "Red 7", "Green Clear +2" (a message; shared, never changed)."""
    return LABELS[card]


def points(card: str) -> int:
    """R2.7 (O4): face value; Clear 15, Clear +1 20, Clear +2 25."""
    return CLEARS[kind(card)][2] if is_clear(card) else number(card)


# Display order: numbers low to high, then Clear, Clear +1, Clear +2; colours R, B, G.
SORT_KEY = {c + k: (KINDS.index(k), "RBG".index(c)) for c in COLOURS for k in KINDS}


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def a_number(n: int) -> Message:
    """ "a 7", "an 8": a number as a noun inside a sentence (a message)."""
    return msg("an {number}", number=n) if n == 8 else msg("a {number}", number=n)


def a_number_first(n: int) -> Message:
    """ "A 7", "An 8": the same at the start of a sentence."""
    return msg("An {number}", number=n) if n == 8 else msg("A {number}", number=n)


def numbers_of(n: int) -> Message:
    """ "7s": the cards of one number (a message)."""
    return msg("{number}s", number=n)


def card_list(cards: list[str]) -> Text:
    """The names of cards in this order, comma-separated: "Red 7, Blue 7"."""
    return commas([label(c) for c in cards])


# --- Options (§2.17: every flag an option; the proposals are the defaults) --------------------------

NO_LIMIT = 0  # trade_limit: E6's "any number of trades"

COLOUR_CHOICES = (
    ("RBG", msg("Red, blue and green (all 74 cards)")),
    ("RG", msg("Red and green (50 cards)")),
    ("RB", msg("Red and blue (48 cards)")),
    ("BG", msg("Blue and green (50 cards)")),
    ("G", msg("Green only (26 cards, 2 players)")),
    ("R", msg("Red only (24 cards, 2 players)")),
)

OPTION_SPECS = [
    OptionSpec(
        "colours",
        msg("Colours in the deck"),
        msg(
            "Leave out a colour for a shorter game with 2 to 4 "
            "players: all its cards go, its Clear cards too (only green has Clear +2)."
        ),
        "choice",
        "RBG",
        COLOUR_CHOICES,
    ),
    OptionSpec(
        "first_player",
        msg("Who starts"),
        msg("Who plays first in each round."),
        "choice",
        "left_of_dealer",
        (
            ("left_of_dealer", msg("Left of the dealer (a random first dealer; the deal passes left)")),
            ("random", msg("A player chosen at random each round")),
        ),
    ),
    OptionSpec(
        "mix_zones",
        msg("Last hand cards with face-up cards"),
        msg(
            "On: once the draw pile is empty, your "
            "last hand cards may be played together with face-up cards of the same number."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "failed_flip",
        msg("A face-down card that cannot be played"),
        msg("Where it goes; either way you pick up the pile and nobody else is shown it."),
        "choice",
        "hand",
        (("hand", msg("Into your hand with the pile")), ("back", msg("Back face down (you know it now)"))),
    ),
    OptionSpec(
        "refill_after_clear",
        msg("Refill after a clear or a pick-up"),
        msg(
            "On: draw back up to three at the "
            "end of every turn. Off: not after a turn that ended with a clear or a pick-up."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "followup_draws",
        msg("Draws before Clear +2 follow-ups"),
        msg("After a Clear +1 or Clear +2 you may draw a card before each follow-up play, or only once for them all."),
        "choice",
        "each",
        (("each", msg("One before each follow-up")), ("one", msg("One in all per Clear +1 / +2"))),
    ),
    OptionSpec(
        "empty_followup",
        msg("Follow-up with nothing to play"),
        msg(
            "You still owe a follow-up (the extra play after a Clear +1 or +2), your hand is empty and the "
            "draw pile is not."
        ),
        "choice",
        "draw",
        (("draw", msg("Draw a card and play it if you can")), ("forfeit", msg("The follow-up lapses"))),
    ),
    OptionSpec(
        "clear_followup",
        msg("Plain Clear as a follow-up"),
        msg("A plain Clear played as a follow-up."),
        "choice",
        "ends_turn",
        (
            ("ends_turn", msg("Clears the pile and ends the turn")),
            ("counts", msg("Clears the pile and counts as that follow-up")),
        ),
    ),
    OptionSpec(
        "nested_clear",
        msg("Clear +1 / +2 as a follow-up"),
        msg("A Clear +1 or Clear +2 played as a follow-up."),
        "choice",
        "adds",
        (
            ("adds", msg("Adds its follow-ups to those still owed")),
            ("replaces", msg("Its follow-ups replace those still owed")),
        ),
    ),
    OptionSpec(
        "triple_followup",
        msg("Three of a number during follow-ups"),
        msg("Three or more of one number on top of the pile, made by a follow-up play."),
        "choice",
        "ends_turn",
        (
            ("ends_turn", msg("Clears the pile and ends the turn")),
            ("continue", msg("Clears the pile; the owed follow-ups go on")),
        ),
    ),
    OptionSpec(
        "triple_across",
        msg("Three of a number across players"),
        msg(
            "On: three of one number on top clear "
            "the pile whoever played them. Off: only three played by one player in one turn."
        ),
        "bool",
        True,
    ),
    OptionSpec(
        "placings",
        msg("Play on for placings"),
        msg("After the first player goes out the others play on to decide second, third and the rest."),
        "bool",
        False,
    ),
    OptionSpec(
        "draw_instead",
        msg("Draw instead of playing"),
        msg(
            "On your turn you may draw a card instead of "
            "playing, while the draw pile lasts (not to avoid a pick-up, not for a follow-up)."
        ),
        "bool",
        False,
    ),
    OptionSpec("ones_reverse", msg("Ones reverse"), msg("Playing a 1 changes the direction of play."), "bool", False),
    OptionSpec(
        "reverse_per",
        msg("Ones reverse: how often"),
        msg("A play of several 1s."),
        "choice",
        "play",
        (("play", msg("Once per play")), ("card", msg("Once per 1 (two 1s cancel out)"))),
        when={"ones_reverse": [True]},
    ),
    OptionSpec(
        "scoring",
        msg("Scoring over several rounds"),
        msg(
            "When the first player goes out, everyone "
            "scores their cards (numbers face value, Clear 15, Clear +1 20, Clear +2 25); after the "
            "last round the lowest total wins."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "rounds",
        msg("Rounds"),
        msg("How many rounds the match lasts."),
        "int",
        3,
        min=1,
        max=10,
        when={"scoring": [True]},
    ),
    OptionSpec(
        "score_zones",
        msg("Cards that score"),
        msg("Which cards count against a player."),
        "choice",
        "hand",
        (("hand", msg("The cards left in hand")), ("all", msg("Hand, face-up and face-down cards"))),
        when={"scoring": [True]},
    ),
    OptionSpec(
        "pile_switch",
        msg("Switch the piles at random"),
        msg(
            "After everyone has picked, the face-up "
            "and face-down cards of each player move to another player, at random."
        ),
        "choice",
        "off",
        (
            ("off", msg("Off")),
            ("any", msg("At random (you may keep your own)")),
            ("nobody_keeps", msg("At random, nobody keeps their own")),
        ),
    ),
    OptionSpec(
        "trading",
        msg("Trade for face-up cards"),
        msg(
            "Before the first turn, each player in turn may "
            "swap cards from their hand for face-up cards of other players, one for one."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "trade_limit",
        msg("Trades each"),
        msg("How many trades each player may make. With no limit, a player trades until they say they are done."),
        "choice",
        NO_LIMIT,
        ((NO_LIMIT, msg("No limit")), *((n, str(n)) for n in range(1, 10))),
        when={"trading": [True]},
    ),
    OptionSpec(
        "four_colour",
        msg("Four of a colour"),
        msg(
            "Four cards of one colour in a row on the pile let "
            "the player who laid the fourth swap a hand card for one of their face-up cards."
        ),
        "bool",
        False,
    ),
    OptionSpec(
        "four_colour_on_triple",
        msg("Four of a colour counts on a clear"),
        msg("On: the four are counted before three of a number clear the pile. Off: a play that clears gives no swap."),
        "bool",
        True,
        when={"four_colour": [True]},
    ),
    OptionSpec(
        "turn_limit",
        msg("Most turns in a round"),
        msg(
            "A round still going after this many turns is drawn "
            "(it keeps a pile passed back and forth from going on for ever)."
        ),
        "int",
        600,
        min=100,
        max=5000,
    ),
    OptionSpec(
        "deck", msg("Deck"), msg("How many of each card the deck holds."), "counts", DEFAULT_DECK, min=0, max=10
    ),
]
PRESETS = {
    "base": (msg("Base game"), {}),
    "party": (msg("Party: placings + ones reverse"), {"placings": True, "ones_reverse": True}),
    "match": (msg("Scored match: 3 rounds, lowest total wins"), {"scoring": True, "rounds": 3}),
    "short": (msg("Short deck: red and green (2-4 players)"), {"colours": "RG"}),
    "all": (
        msg("Every optional rule"),
        {
            "placings": True,
            "draw_instead": True,
            "ones_reverse": True,
            "scoring": True,
            "pile_switch": "any",
            "trading": True,
            "four_colour": True,
        },
    ),
}


@dataclass(frozen=True)
class Options:
    colours: str
    first_player: str
    mix_zones: bool
    failed_flip: str
    refill_after_clear: bool
    followup_draws: str
    empty_followup: str
    clear_followup: str
    nested_clear: str
    triple_followup: str
    triple_across: bool
    placings: bool
    draw_instead: bool
    ones_reverse: bool
    reverse_per: str
    scoring: bool
    rounds: int
    score_zones: str
    pile_switch: str
    trading: bool
    trade_limit: int  # NO_LIMIT, or the most trades each
    four_colour: bool
    four_colour_on_triple: bool
    turn_limit: int
    deck: dict[str, int]

    @cached_property
    def cards(self) -> dict[str, int]:
        """R2.6: the deck in play, without the colours left out."""
        return {c: n for c, n in self.deck.items() if n and colour(c) in self.colours}

    @property
    def round_count(self) -> int:
        return self.rounds if self.scoring else 1


def make_options(raw: object) -> Options:
    opts = Options(**parse_options(OPTION_SPECS, raw, {}))
    unknown = sorted(set(opts.deck) - set(CARDS))
    if unknown:
        raise GameError("bad_option", msg("The deck has an unknown card '{card}'.", card=shown(unknown[0])))
    return opts


def info() -> dict[str, Any]:
    return lobby_info(
        GAME_ID,
        TITLE,
        {"min": MIN_SEATS, "max": MAX_SEATS},
        [{"id": key, "title": title, "options": options} for key, (title, options) in PRESETS.items()],
        OPTION_SPECS,
        RULES_SUMMARY,
    )


def progress(state: "State") -> Message:
    """How far the game has got, for the list of saved games (a message)."""
    if state.opts.scoring:
        return msg("round {round} of {rounds}", round=max(state.round, 1), rounds=state.opts.round_count)
    playing = len(state.names) - len(state.out)
    return plural("{n} player still playing", "{n} players still playing", playing)


RULES_SUMMARY = [  # (heading, paragraph): the in-app rules, in plain words
    (
        msg("Players and cards"),
        msg(
            "2 to 6 players. The deck has the numbers 1 to 10 in red, blue and green, and Clear, Clear +1 and "
            "Clear +2 cards (74 cards). Everyone gets three cards face down, which nobody may look at, and six "
            "more. Each player secretly picks three of the six to lie face up on the face-down cards; the other "
            "three are the hand. The picks are shown when everyone has picked."
        ),
    ),
    (
        msg("Your turn"),
        msg(
            "On your turn play a card from your hand, or several of one number, at least as high as the top of "
            "the pile (anything goes on an empty pile). If you can play, you must. If you cannot, pick up the whole "
            "pile and your turn ends. At the end of your turn draw back up to three cards while the draw pile lasts."
        ),
    ),
    (
        msg("Face-up and face-down cards"),
        msg(
            "When the draw pile is gone and your hand is empty, play your face-up cards the same way; then flip "
            "one face-down card a turn. If it cannot be played, it goes into your hand with the pile, and only you "
            "see it. The first player to get rid of every card wins."
        ),
    ),
    (
        msg("Clear cards and three of a kind"),
        msg(
            "Clear cards go on anything and take the whole pile out of the game. After a plain Clear your turn "
            "ends. After a Clear +1 you must play once more, after a Clear +2 twice (a multiple counts as one), and "
            "before each of those plays you may draw a card. Three or more of one number on top of the pile also "
            "take it out of the game, and end the turn."
        ),
    ),
    (
        msg("Optional rules"),
        msg(
            "Options: play on for placings, draw instead of playing, ones reverse the direction, scoring over "
            "several rounds (lowest total wins), switching the piles at random, trading hand cards for others' "
            "face-up cards before the first turn, and a swap after four cards of one colour in a row. A round "
            "still going after the turn limit is drawn, so that a pile passed back and forth cannot go on for ever."
        ),
    ),
    (
        msg("Taking a move back"),
        msg(
            "Undo: you can take back a play until you draw or turn up a card: drawing, refilling and flipping a "
            "face-down card show you cards, so they are final."
        ),
    ),
]


# --- State ------------------------------------------------------------------------------------------


@dataclass
class State:
    opts: Options
    names: list[str]
    rng: Rng
    setup: Setup  # tests only: stacked decks, the first dealer
    stacked: list[list[str]] = field(default_factory=list)  # the setup's stacked decks still to be dealt, in order
    dealer: int = 0
    round: int = 0
    phase: str = "pick"  # pick, trade, play, follow, swap, refill, over
    first: int = 0  # who plays first this round
    turn: int = 0
    direction: int = 1  # +1 clockwise (R5.1)
    hands: list[list[str]] = field(default_factory=list)
    up: list[list[str]] = field(default_factory=list)  # per seat, face-up cards in their places
    down: list[list[str]] = field(default_factory=list)  # per seat, face-down cards in their places
    known: list[list[bool]] = field(default_factory=list)  # per seat, per face-down place: seen by its owner
    draw_pile: list[str] = field(default_factory=list)  # the top card is the last item
    pile: list[str] = field(default_factory=list)  # the top card is the last item
    removed: list[str] = field(default_factory=list)  # out of the game for the round (R4.6)
    owed: int = 0  # follow-up plays still owed this turn (R12.2, R12.3)
    draw_ok: bool = False  # the optional draw before the next follow-up is still there
    mine_on_pile: int = 0  # cards on top of the pile laid by the player in turn this turn
    ended_by: str | None = None  # "clear" or "pickup": the turn's end, for refill_after_clear
    refill_then: str = "pass"  # after the refill: "pass" the turn or "play" (C20)
    switched: list[int] | None = None  # O5: per seat, whose face-up and face-down cards it was given
    traders: list[int] = field(default_factory=list)  # O6: the players still to trade, in order
    trades: int = 0  # O6: trades made by the player trading now
    out: list[int] = field(default_factory=list)  # seats that went out this round, in order
    turns: int = 0  # turns begun this round (the turn limit)
    round_points: list[int] | None = None  # O4: this round's points, taken when the first player goes out
    scores: list[int] = field(default_factory=list)
    sheets: list[dict[str, Any]] = field(default_factory=list)  # one per finished round
    notes: list[Message | None] = field(default_factory=list)  # per seat: a private sentence (what you flipped)
    seen: list[list[str]] = field(default_factory=list)  # per seat: hand cards everyone saw it take, not played since
    # per seat: [n, top]: n of its other hand cards are below top, or None
    low: list[list[int] | None] = field(default_factory=list)
    winners: list[int] | None = None
    drawn: bool = False
    events: list[Event] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.winners is not None


def new_state(opts: Options, names: list[str], rng: Rng, setup: Setup) -> State:
    """A game ready for the first picks. `setup` (tests only) stacks the deals and names the first dealer."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise GameError("bad_seats", msg("3UP 3DOWN is for {min} to {max} players.", min=MIN_SEATS, max=MAX_SEATS))
    size = sum(opts.cards.values())
    if size < (TABLE_CARDS + DEALT) * len(names):  # R1.3
        raise GameError(
            "bad_option",
            msg(
                "The deck ({size} cards) is too small for {players} players: each needs {each} cards.",
                size=size,
                players=len(names),
                each=TABLE_CARDS + DEALT,
            ),
        )
    setup.check(opts.cards, len(names))
    setup.start_values(set())
    state = State(opts=opts, names=list(names), rng=rng, setup=setup, stacked=setup.deck_queue())
    state.scores = [0] * state.n
    state.notes = [None] * state.n
    deal(state)
    return state


def left_of(state: State, seat: int) -> int:
    return (seat + 1) % state.n


def deal(state: State) -> None:
    """R3: shuffle, three face down each, then six more each, one card at a time from the first player."""
    state.round += 1
    if state.opts.first_player == "random":  # R3.7 option
        state.first = (
            state.rng.below(state.n)
            if state.round > 1 or state.setup.dealer is None
            else left_of(state, state.setup.dealer)
        )
        state.dealer = (state.first - 1) % state.n
    else:
        if state.round == 1:
            state.dealer = state.rng.below(state.n) if state.setup.dealer is None else state.setup.dealer
        else:
            state.dealer = left_of(state, state.dealer)  # the deal passes left (A4)
        state.first = left_of(state, state.dealer)
    order = state.stacked.pop(0) if state.stacked else None
    if order is None:
        order = build_deck(state.opts.cards)
        state.rng.shuffle(order)
    state.draw_pile = order[::-1]
    seats = [(state.first + k) % state.n for k in range(state.n)]
    state.hands = [[] for _ in range(state.n)]
    state.up = [[] for _ in range(state.n)]
    state.down = [[] for _ in range(state.n)]
    for _ in range(TABLE_CARDS):  # R3.2
        for seat in seats:
            state.down[seat].append(state.draw_pile.pop())
    for _ in range(DEALT):  # R3.3
        for seat in seats:
            state.hands[seat].append(state.draw_pile.pop())
    state.known = [[False] * TABLE_CARDS for _ in range(state.n)]
    state.pile, state.removed, state.out, state.switched = [], [], [], None  # R3.6: the pile starts empty
    state.direction, state.turns, state.round_points = 1, 0, None
    state.owed, state.draw_ok, state.mine_on_pile = 0, False, 0
    state.notes = [None] * state.n
    state.seen, state.low = [[] for _ in range(state.n)], [None] * state.n
    state.phase, state.turn = "pick", state.first
    log(
        state,
        None,
        msg(
            "Round {round}: {dealer} deals; everyone chooses three cards to lie face up. {first} plays first.",
            round=state.round,
            dealer=state.names[state.dealer],
            first=state.names[state.first],
        ),
    )


# --- Where a player plays from (R6) -----------------------------------------------------------------


def zone(state: State, seat: int) -> str:
    """R6 / §2.16 activeZone: "hand", "need_draw" (an owed follow-up, nothing in hand, cards in the
    draw pile: R12.7), "up", "down", or "none" (no cards left)."""
    if state.hands[seat]:
        return "hand"
    if state.draw_pile:
        return "need_draw"
    if state.up[seat]:
        return "up"
    return "down" if state.down[seat] else "none"


def zone_cards(state: State, seat: int, where: str) -> list[str]:
    return state.hands[seat] if where == "hand" else state.up[seat] if where == "up" else []


def top_number(state: State) -> int | None:
    """R7.4: the top card is always a number (Clear cards take the pile with them)."""
    return number(state.pile[-1]) if state.pile else None


def beats_top(state: State, card: str) -> bool:
    """R7.1-R7.3: an empty pile takes anything, a Clear goes on anything, a number must be >= the top."""
    top = top_number(state)
    return top is None or is_clear(card) or number(card) >= top


def rank_block(state: State, card: str) -> Message | None:
    if beats_top(state, card):
        return None
    top = top_number(state)
    assert top is not None  # an empty pile takes any card
    return msg(
        "{card} cannot go on {top}: play {top} or higher, or a Clear.",
        card=a_number_first(number(card)),
        top=a_number(top),
    )


def mixing(state: State, seat: int) -> list[str]:
    """R6.5 option: the face-up cards that may join the last hand cards (all of one number)."""
    hand = state.hands[seat]
    if not (state.opts.mix_zones and hand and not state.draw_pile) or any(is_clear(c) for c in hand):
        return []
    numbers = {number(c) for c in hand}
    if len(numbers) != 1:
        return []
    v = numbers.pop()
    return [c for c in state.up[seat] if not is_clear(c) and number(c) == v]


def play_options(state: State, seat: int) -> list[list[str]]:
    """Every legal play from the active zone, as card lists (one order each): single Clear cards, and
    every choice of copies of one legal number (R8.1, R8.2); with mix_zones, the whole hand plus
    face-up copies (R6.5)."""
    where = zone(state, seat)
    cards = zone_cards(state, seat, where)
    plays = [[c] for c in sorted_cards(set(c for c in cards if is_clear(c)))]  # R8.5
    by_number: dict[int, Counter[str]] = {}
    for c in cards:
        if not is_clear(c):
            by_number.setdefault(number(c), Counter())[c] += 1
    top = top_number(state)
    for v in sorted(by_number):
        if top is not None and v < top:
            continue
        plays += sub_multisets(by_number[v])
    extra = mixing(state, seat) if where == "hand" else []
    if extra and (top is None or number(extra[0]) >= top):
        hand = sorted_cards(state.hands[seat])
        plays += [hand + more for more in sub_multisets(Counter(extra))]
    return plays


def sub_multisets(counts: Counter[str]) -> list[list[str]]:
    """Every non-empty choice from a multiset of cards, each in display order."""
    codes = sorted_cards(counts)
    out = []
    for picks in product(*(range(counts[c] + 1) for c in codes)):
        chosen = [c for c, k in zip(codes, picks) for _ in range(k)]
        if chosen:
            out.append(chosen)
    return sorted(out, key=lambda chosen: (len(chosen), [SORT_KEY[c] for c in chosen]))


def has_play(state: State, seat: int) -> bool:
    """Cheaper than listing: is any card of the active zone legal? (R9.1)"""
    where = zone(state, seat)
    return where == "down" or any(beats_top(state, c) for c in zone_cards(state, seat, where))


# --- Actions: form ----------------------------------------------------------------------------------

ACTION_FIELDS = {
    "pick": {"cards"},
    "play": {"cards"},
    "flip": {"slot"},
    "pickup": set(),
    "draw": set(),
    "refill": set(),
    "trade": {"give", "seat", "take"},
    "done": set(),
    "swap": {"give", "take"},
    "no_swap": set(),
}


def _card(raw: object, not_a_code: Message) -> str:
    """A card code; `not_a_code` is the refusal when `raw` is not a string."""
    if not isinstance(raw, str):
        raise GameError("bad_action", not_a_code)
    if raw not in CARDS:
        raise GameError("unknown_card", msg("There is no card '{card}' in 3UP 3DOWN.", card=shown(raw)))
    return raw


def parse_text(text: str) -> Action:
    """The string forms: "pick R7 B9 GC", "play R7 B7", "flip 2", "pickup", "draw", "refill",
    "trade R3 1 B9" (give R3 to seat 1 for its B9), "done", "swap R3 B9", "no_swap"."""
    words = text.split()
    if not words:
        return {"type": ""}
    kind_, rest = words[0], words[1:]
    if kind_ in ("pick", "play"):
        return {"type": kind_, "cards": rest}
    if kind_ == "flip":
        slots = [number_or_word(w) for w in rest]
        return {"type": kind_, "slot": slots[0] if len(slots) == 1 else slots}
    if kind_ == "trade" and len(rest) == 3:
        return {"type": kind_, "give": rest[0], "seat": number_or_word(rest[1]), "take": rest[2]}
    if kind_ == "swap" and len(rest) == 2:
        return {"type": kind_, "give": rest[0], "take": rest[1]}
    if rest:
        raise GameError(
            "bad_action", msg("'{action}' is not the string form of a 3UP 3DOWN action.", action=shown(text))
        )
    return {"type": kind_}


def parse_action(raw: object) -> Action:
    """An action from its JSON object or its string form, checked for shape."""
    if isinstance(raw, str):
        raw = parse_text(raw)
    kind_ = action_kind(raw, ACTION_FIELDS, '{"type": "play", "cards": ["R7"]}', msg("a 3UP 3DOWN action"))
    assert isinstance(raw, dict)  # action_kind refuses anything else
    action: Action = {"type": kind_}
    if kind_ in ("pick", "play"):
        cards = raw.get("cards")
        if not isinstance(cards, list) or not cards:
            raise GameError("bad_action", msg('A \'{kind}\' action lists its cards, such as ["R7", "B7"].', kind=kind_))
        action["cards"] = [_card(c, msg('Each card must be a card code such as "R7" or "GC+2".')) for c in cards]
        if kind_ == "pick":
            action["cards"] = sorted_cards(action["cards"])  # a pick is a set: one form
    elif kind_ == "flip":
        slot = raw.get("slot")
        if isinstance(slot, list) and len(slot) > 1:
            raise GameError("illegal_action", msg("Face-down cards are flipped one at a time: choose one."))
        if isinstance(slot, list) and len(slot) == 1:
            slot = slot[0]
        if isinstance(slot, bool) or not isinstance(slot, int):
            raise GameError("bad_action", msg("Say which face-down card to flip by its place: 0, 1 or 2."))
        action["slot"] = slot
    elif kind_ == "trade":
        seat = raw.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise GameError("bad_action", msg("Say whose face-up card you take, by seat number."))
        action.update(
            give=_card(raw.get("give"), msg('The card you give must be a card code such as "R7" or "GC+2".')),
            seat=seat,
            take=_card(raw.get("take"), msg('The card you take must be a card code such as "R7" or "GC+2".')),
        )
    elif kind_ == "swap":
        action.update(
            give=_card(raw.get("give"), msg('The hand card must be a card code such as "R7" or "GC+2".')),
            take=_card(raw.get("take"), msg('The face-up card must be a card code such as "R7" or "GC+2".')),
        )
    return action


def action_text(action: Action) -> str:
    kind_ = action["type"]
    if kind_ in ("pick", "play"):
        return " ".join([kind_, *action["cards"]])
    if kind_ == "flip":
        return f"flip {action['slot']}"
    if kind_ == "trade":
        return f"trade {action['give']} {action['seat']} {action['take']}"
    if kind_ == "swap":
        return f"swap {action['give']} {action['take']}"
    return kind_


# --- Actions: legality ------------------------------------------------------------------------------


def turn_block(state: State, seat: int, kind_: str) -> GameError | None:
    """Why `seat` cannot take an action of this kind now (whose turn, which phase); None if it may."""
    if state.over:
        return GameError("game_over", msg("The game is over."))
    if state.phase == "pick":
        if kind_ != "pick":
            return GameError(
                "illegal_action",
                msg("Everyone is still choosing face-up cards.")
                if state.up[seat]
                else msg("Choose your three face-up cards first."),
            )
        if state.up[seat]:
            return GameError("illegal_action", msg("You have already chosen your face-up cards."))
        return None
    if kind_ == "pick":
        return GameError("illegal_action", msg("The face-up cards were chosen at the start of the round."))
    if seat != state.turn:
        if seat in state.out:
            return GameError("not_your_turn", msg("You are out of this round."))
        return GameError("not_your_turn", msg("It is {name}'s turn.", name=state.names[state.turn]))
    wanted = {
        "trade": ("trade",),
        "done": ("trade",),
        "swap": ("swap",),
        "no_swap": ("swap",),
        "refill": ("refill",),
    }.get(kind_, ("play", "follow"))
    if state.phase in wanted:
        return None
    return GameError("illegal_action", PHASE_NEEDS[state.phase])


PHASE_NEEDS = {
    "trade": msg("Trade a hand card for a face-up card, or say you are done trading, first."),
    "play": msg("Play, flip or pick up: it is the main play of your turn."),
    "follow": msg("Make your follow-up play first."),
    "swap": msg("Four of a colour: swap a hand card for a face-up card, or keep them, first."),
    "refill": msg("Your play is done: draw back up to three cards to end your turn."),
}


NOTHING_TO_PLAY_FROM = msg("You have no cards to play from: draw a card first.")


def play_block(state: State, seat: int, cards: list[str]) -> GameError | None:
    """Every reason the play of `cards` (in this order) is refused now, or None."""
    block = turn_block(state, seat, "play")
    if block:
        return block
    where = zone(state, seat)
    if where == "need_draw":
        return GameError("draw_first", NOTHING_TO_PLAY_FROM)
    if where == "down":
        return GameError("illegal_action", msg("Only your face-down cards are left: flip one of them."))
    have = Counter(zone_cards(state, seat, where))
    extra = Counter(mixing(state, seat)) if where == "hand" else Counter()
    wanted = Counter(cards)
    from_up = wanted - have  # R6.5: beyond the hand, only face-up copies that may join it
    missing = from_up - extra
    if missing:
        card = sorted_cards(missing)[0]
        if where == "hand" and card in state.up[seat]:
            return GameError(
                "illegal_card",
                msg("Only face-up cards of the same number as your last hand cards can join them.")
                if extra
                else msg(
                    "Play the cards in your hand first; your face-up cards come after the hand and the "
                    "draw pile are gone."
                ),
            )
        return GameError("not_in_hand", not_held(label(card), card in have, where == "hand"))
    if from_up and have - wanted:
        return GameError("illegal_card", msg("Face-up cards can join your last hand cards only with all of them."))
    if any(is_clear(c) for c in cards):
        if len(cards) > 1:
            return GameError("illegal_card", msg("Clear cards are played one at a time."))  # R8.5
        return None  # R7.2: on anything
    numbers = sorted({number(c) for c in cards})
    if len(numbers) > 1:  # R8.1
        return GameError(
            "illegal_card",
            msg(
                "Cards played together must be one number: {numbers} do not mix.",
                numbers=listed([numbers_of(v) for v in numbers]),
            ),
        )
    why = rank_block(state, cards[0])
    return GameError("illegal_card", why) if why else None


def not_held(card: Message, another: bool, in_hand: bool) -> Message:
    """ "You do not have the Red 7 in your hand." (or another one, or face up)."""
    if in_hand:
        return (
            msg("You do not have another {card} in your hand.", card=card)
            if another
            else msg("You do not have the {card} in your hand.", card=card)
        )
    return (
        msg("You do not have another {card} face up.", card=card)
        if another
        else msg("You do not have the {card} face up.", card=card)
    )


def flip_block(state: State, seat: int, slot: int) -> GameError | None:
    block = turn_block(state, seat, "flip")
    if block:
        return block
    where = zone(state, seat)
    if where == "hand":
        return GameError("illegal_action", msg("Play the cards in your hand first; face-down cards come last."))
    if where == "need_draw":
        return GameError("draw_first", NOTHING_TO_PLAY_FROM)
    if where == "up":
        return GameError("illegal_action", msg("Play all your face-up cards before you flip a face-down one."))
    if not 0 <= slot < len(state.down[seat]):
        return GameError("illegal_action", msg("You have no face-down card in place {slot}.", slot=shown(slot)))
    return None


def pickup_block(state: State, seat: int) -> GameError | None:
    block = turn_block(state, seat, "pickup")
    if block:
        return block
    where = zone(state, seat)
    if where == "down":
        return GameError("illegal_action", msg("You must flip a face-down card; you cannot pick up instead."))  # R9.3
    if where == "need_draw":
        return GameError("draw_first", NOTHING_TO_PLAY_FROM)
    if has_play(state, seat):  # R9.2
        return GameError("illegal_action", msg("You can play a card, so you must: you may not pick up the pile."))
    return None


def draw_block(state: State, seat: int) -> GameError | None:
    """R12.2 / R12.3 draw before a follow-up, R12.7 forced draw, O2 draw instead of playing."""
    block = turn_block(state, seat, "draw")
    if block:
        return block
    if not state.draw_pile:
        return GameError("nothing_to_draw", msg("The draw pile is empty."))
    if state.phase == "follow":
        if state.draw_ok or zone(state, seat) == "need_draw":
            return None
        return GameError("already_drawn", msg("You have already drawn before this follow-up play."))
    if not state.opts.draw_instead:
        return GameError(
            "nothing_to_draw",
            msg(
                "You may draw only before a Clear +1 or Clear +2 follow-up play; "
                "the rest of your cards come when you refill."
            ),
        )
    if not has_play(state, seat):  # E2
        return GameError("illegal_action", msg("You cannot play, so you must pick up the pile; drawing is no way out."))
    return None


def pick_block(state: State, seat: int, cards: list[str]) -> GameError | None:
    block = turn_block(state, seat, "pick")
    if block:
        return block
    if len(cards) != TABLE_CARDS:
        return GameError("illegal_action", msg("Choose exactly three cards to lie face up."))
    missing = Counter(cards) - Counter(state.hands[seat])
    if missing:
        card = sorted_cards(missing)[0]
        return GameError(
            "not_in_hand",
            msg("You were not dealt another {card}.", card=label(card))
            if card in state.hands[seat]
            else msg("You were not dealt the {card}.", card=label(card)),
        )
    return None


def trade_block(state: State, seat: int, action: Action) -> GameError | None:
    block = turn_block(state, seat, "trade")
    if block:
        return block
    other = action["seat"]
    if other == seat or not 0 <= other < state.n:
        return GameError("bad_seats", msg("Trade with another player's face-up cards."))
    if action["give"] not in state.hands[seat]:
        return GameError("not_in_hand", msg("You do not hold the {card}.", card=label(action["give"])))
    if action["take"] not in state.up[other]:
        return GameError(
            "illegal_card", msg("{name} has no face-up {card}.", name=state.names[other], card=label(action["take"]))
        )
    return None


def swap_block(state: State, seat: int, action: Action) -> GameError | None:
    block = turn_block(state, seat, "swap")
    if block:
        return block
    if action["give"] not in state.hands[seat]:
        return GameError("not_in_hand", msg("You do not hold the {card}.", card=label(action["give"])))
    if action["take"] not in state.up[seat]:
        return GameError("illegal_card", msg("You have no face-up {card}.", card=label(action["take"])))
    return None


def check(state: State, seat: int, action: Action) -> GameError | None:
    """Why `seat` may not take the (parsed) `action` now, as the sentence the player sees."""
    if bad_seat := seat_error(state, seat):
        return bad_seat
    kind_ = action["type"]
    if kind_ == "play":
        return play_block(state, seat, action["cards"])
    if kind_ == "flip":
        return flip_block(state, seat, action["slot"])
    if kind_ == "pickup":
        return pickup_block(state, seat)
    if kind_ == "draw":
        return draw_block(state, seat)
    if kind_ == "pick":
        return pick_block(state, seat, action["cards"])
    if kind_ == "trade":
        return trade_block(state, seat, action)
    if kind_ == "swap":
        return swap_block(state, seat, action)
    return turn_block(state, seat, kind_)  # refill, done, no_swap


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order (each play once, its cards in display order)."""
    if seat not in waiting_for(state):
        return []
    phase = state.phase
    if phase == "pick":
        return [
            {"type": "pick", "cards": list(c)}
            for c in sorted(set(tuple(sorted_cards(trio)) for trio in combinations3(state.hands[seat])))
        ]
    if phase == "trade":
        trades = [
            {"type": "trade", "give": g, "seat": s, "take": t}
            for g in sorted_cards(set(state.hands[seat]))
            for s in range(state.n)
            if s != seat
            for t in sorted_cards(set(state.up[s]))
        ]
        return trades + [{"type": "done"}]
    if phase == "swap":
        swaps = [
            {"type": "swap", "give": g, "take": t}
            for g in sorted_cards(set(state.hands[seat]))
            for t in sorted_cards(set(state.up[seat]))
            if g != t
        ]
        return swaps + [{"type": "no_swap"}]
    if phase == "refill":
        return [{"type": "refill"}]
    where = zone(state, seat)
    if where == "need_draw":
        return [{"type": "draw"}]  # R12.7
    if where == "down":
        return [{"type": "flip", "slot": i} for i in range(len(state.down[seat]))]  # R6.4, R9.3
    actions = [{"type": "play", "cards": cards} for cards in play_options(state, seat)] or [{"type": "pickup"}]
    if draw_block(state, seat) is None:  # O2; before a follow-up even with no play yet (R12.2, R12.6)
        actions.append({"type": "draw"})
    return actions


def combinations3(cards: list[str]) -> list[tuple[str, str, str]]:
    n = len(cards)
    return [(cards[i], cards[j], cards[k]) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n)]


# --- Setup (R3.4, O5, O6) ---------------------------------------------------------------------------


def do_pick(state: State, seat: int, action: Action) -> None:
    """R3.4: the picks lie face up, but nobody's are shown until everyone has picked."""
    for card in action["cards"]:
        state.hands[seat].remove(card)
    state.up[seat] = list(action["cards"])
    log(state, seat, msg("{name} has chosen.", name=state.names[seat]))
    if all(state.up[s] for s in range(state.n)):
        faces = [msg("{name} {cards}", name=state.names[s], cards=card_list(state.up[s])) for s in range(state.n)]
        log(state, None, msg("Everyone has chosen. Face up: {cards}.", cards=semicolons(faces)))
        if state.opts.pile_switch != "off":
            switch_piles(state)
        state.traders = [(state.first + k) % state.n for k in range(state.n)] if state.opts.trading else []
        next_trader(state)


def switch_piles(state: State) -> None:
    """O5 / E5: each player's face-up and face-down cards go, as a unit, to the player a random
    permutation says (with "nobody_keeps", drawn again until nobody keeps their own)."""
    while True:
        source = list(range(state.n))
        state.rng.shuffle(source)
        if state.opts.pile_switch == "any" or all(source[s] != s for s in range(state.n)):
            break
    units = [(state.up[s], state.down[s], state.known[s]) for s in range(state.n)]
    for s in range(state.n):
        state.up[s], state.down[s], state.known[s] = units[source[s]]
    state.switched = source
    who = [
        msg("{name} has their own", name=state.names[s])
        if source[s] == s
        else msg("{name} has {owner}’s", name=state.names[s], owner=state.names[source[s]])
        for s in range(state.n)
    ]
    log(state, None, msg("The piles were switched at random: {who}.", who=semicolons(who)))


def next_trader(state: State) -> None:
    """O6 / E6: in seat order from the first player, each may trade; then the first turn."""
    if state.traders:
        state.phase, state.turn, state.trades = "trade", state.traders.pop(0), 0
        return
    begin_turn(state, state.first)


def do_trade(state: State, seat: int, action: Action) -> None:
    """O6: one hand card for one face-up card of another player, which lies where the taken one was."""
    other, give, take = action["seat"], action["give"], action["take"]
    place = state.up[other].index(take)
    state.up[other][place] = give
    hand_changes(state, seat, give, take)
    state.trades += 1
    log(
        state,
        seat,
        msg(
            "{name} traded the {give} for {other}’s face-up {take}.",
            name=state.names[seat],
            give=label(give),
            other=state.names[other],
            take=label(take),
        ),
    )
    if trades_left(state) == 0:
        next_trader(state)


def trades_left(state: State) -> int | None:
    """How many more trades the player trading may make; None when there is no limit."""
    return None if state.opts.trade_limit == NO_LIMIT else state.opts.trade_limit - state.trades


def do_done(state: State, seat: int, action: Action) -> None:
    log(state, seat, msg("{name} is done trading.", name=state.names[seat]))
    next_trader(state)


# --- Turns ------------------------------------------------------------------------------------------


def next_seat(state: State, seat: int) -> int:
    """R5.2: the next player in the direction of play still in the round (O1 skips those out)."""
    for step in range(1, state.n + 1):
        candidate = (seat + state.direction * step) % state.n
        if candidate not in state.out:
            return candidate
    return seat


def begin_turn(state: State, seat: int) -> None:
    state.turns += 1
    if state.turns > state.opts.turn_limit:  # §2.16 safeguard: the round is drawn
        log(state, None, msg("{turns} turns and the round goes on: it is drawn.", turns=state.opts.turn_limit))
        return end_round(state, capped=True)
    state.phase, state.turn = "play", seat
    state.owed, state.draw_ok, state.mine_on_pile, state.ended_by = 0, False, 0, None
    if not state.hands[seat] and state.draw_pile:  # C20: a turn never starts with nothing to play
        state.phase, state.refill_then = "refill", "play"


def do_refill(state: State, seat: int, action: Action) -> None:
    """R11: draw until three cards are in hand or the draw pile is empty; no reshuffle (R11.4)."""
    drawn = 0
    while len(state.hands[seat]) < HAND_TARGET and state.draw_pile:
        state.hands[seat].append(state.draw_pile.pop())
        drawn += 1
    log(state, seat, plural("{name} drew {n} card.", "{name} drew {n} cards.", drawn, name=state.names[seat]))
    if state.refill_then == "play":
        state.phase = "play"
    else:
        pass_turn(state, seat)


def end_turn(state: State, seat: int) -> None:
    """R11.1-R11.3: refill (as the player's own action) if it would draw, then the next player."""
    state.owed = 0
    refills = state.opts.refill_after_clear or state.ended_by is None
    if refills and len(state.hands[seat]) < HAND_TARGET and state.draw_pile:
        state.phase, state.refill_then = "refill", "pass"
        return
    pass_turn(state, seat)


def pass_turn(state: State, seat: int) -> None:
    begin_turn(state, next_seat(state, seat))


def do_play(state: State, seat: int, action: Action) -> None:
    cards = action["cards"]
    from_hand = []
    for card in cards:
        if card in state.hands[seat]:
            state.hands[seat].remove(card)
            from_hand.append(card)
        else:
            state.up[seat].remove(card)
    played_from_hand(state, seat, from_hand)
    land(state, seat, cards, False)


def do_flip(state: State, seat: int, action: Action) -> None:
    """R6.4: the owner flips a face-down card; R10.2 / R4.7: if it cannot be played, it goes to the
    owner's hand (or back face down, an option) with the pile, and the others are not told what it was."""
    slot = action["slot"]
    card = state.down[seat].pop(slot)
    seen = state.known[seat].pop(slot)
    if beats_top(state, card):
        land(state, seat, [card], True)
        return
    top = top_number(state)
    assert top is not None  # an empty pile takes any card
    taken = take_pile(state, seat)
    args = {"card": label(card), "top": a_number(top)}
    if state.opts.failed_flip == "back":
        state.down[seat].insert(slot, card)
        state.known[seat].insert(slot, True)
        note = (
            msg(
                "Your face-down card was the {card} (you knew it): it cannot go on {top}, so it goes back face "
                "down and you pick up the pile.",
                **args,
            )
            if seen
            else msg(
                "Your face-down card was the {card}: it cannot go on {top}, so it goes back face down and you pick "
                "up the pile.",
                **args,
            )
        )
    else:
        state.hands[seat].append(card)
        state.low[seat] = [1, top]  # everyone saw that it could not go on the top
        note = (
            msg(
                "Your face-down card was the {card} (you knew it): it cannot go on {top}, so it goes into your "
                "hand and you pick up the pile.",
                **args,
            )
            if seen
            else msg(
                "Your face-down card was the {card}: it cannot go on {top}, so it goes into your hand and you pick "
                "up the pile.",
                **args,
            )
        )
    state.notes[seat] = note
    log(
        state,
        seat,
        plural(
            "{name} flipped a face-down card that cannot go on {top} and picks up the pile ({n} card).",
            "{name} flipped a face-down card that cannot go on {top} and picks up the pile ({n} cards).",
            taken,
            name=state.names[seat],
            top=a_number(top),
        ),
    )
    state.mine_on_pile, state.ended_by = 0, "pickup"
    end_turn(state, seat)


def do_pickup(state: State, seat: int, action: Action) -> None:
    """R10.1 / R12.6: no legal play: the whole pile goes to the hand and the turn ends."""
    taken = take_pile(state, seat)
    log(
        state,
        seat,
        plural(
            "{name} cannot play and picks up the pile ({n} card).",
            "{name} cannot play and picks up the pile ({n} cards).",
            taken,
            name=state.names[seat],
        ),
    )
    state.mine_on_pile, state.ended_by = 0, "pickup"
    end_turn(state, seat)


def take_pile(state: State, seat: int) -> int:
    """The pile goes into `seat`'s hand in everyone's sight; how many cards it was. The player could
    play nothing on the top (R9), so every hand card it held that nobody saw it take is below it."""
    unseen = len(state.hands[seat]) - len(state.seen[seat])
    top = top_number(state)
    assert top is not None  # only a pile that stops every card is picked up
    state.low[seat] = [unseen, top] if unseen else None
    taken = len(state.pile)
    state.hands[seat] += state.pile
    state.seen[seat] += state.pile
    state.pile = []
    return taken


def played_from_hand(state: State, seat: int, cards: list[str]) -> None:
    """Cards left `seat`'s hand face up. A seen card is no longer known to be held; an unseen one may
    have been one of the cards known to be low."""
    seen, low = state.seen[seat], state.low[seat]
    for card in cards:
        if card in seen:
            seen.remove(card)
        elif low and low[0] and not is_clear(card) and number(card) < low[1]:
            low[0] -= 1
    if low and not low[0]:
        state.low[seat] = None


def hand_changes(state: State, seat: int, give: str, take: str) -> None:
    """O6 / O7: a hand card goes face up and a face-up card comes into the hand, both in everyone's sight."""
    state.hands[seat].remove(give)
    played_from_hand(state, seat, [give])
    state.hands[seat].append(take)
    state.seen[seat].append(take)


def do_draw(state: State, seat: int, action: Action) -> None:
    state.hands[seat].append(state.draw_pile.pop())
    if state.phase == "follow":  # R12.2 / R12.3 / R12.7: then the follow-up play
        state.draw_ok = False
        log(state, seat, msg("{name} drew a card before the follow-up play.", name=state.names[seat]))
        return
    log(state, seat, msg("{name} drew a card instead of playing.", name=state.names[seat]))  # O2: the turn ends
    end_turn(state, seat)


def land(state: State, seat: int, cards: list[str], flipped: bool) -> None:
    """What a play does (§2.16 doPlay after the cards are chosen): the pile, ones reverse, four of a
    colour, Clear cards, three of a number, going out, and what is still owed. `flipped`: the card was
    a face-down one, turned up (the event says so)."""
    following = state.phase == "follow"
    if following:
        state.owed -= 1
    bonus = state.opts.four_colour and four_of_a_colour(state.pile, cards)  # O7, before any clear
    state.pile += cards
    state.mine_on_pile += len(cards)
    ones = sum(1 for c in cards if not is_clear(c) and number(c) == 1)
    reverses = state.opts.ones_reverse and (ones % 2 == 1 if state.opts.reverse_per == "card" else ones > 0)
    if reverses:  # O3 / E3
        state.direction = -state.direction
    ends = False
    then, owed = None, 0  # what the event adds: "clear" or "triple"
    top = cards[-1]
    if is_clear(top):
        clear_pile(state)  # R12.1: the whole pile, the Clear too, leaves the game
        then, owed = "clear", CLEARS[kind(top)][1]
        if owed:  # R12.2, R12.3; R12.8 / D9 nested: adds (or replaces)
            state.owed = owed if following and state.opts.nested_clear == "replaces" else state.owed + owed
            state.draw_ok = True
        else:
            ends = not (following and state.owed > 0 and state.opts.clear_followup == "counts")
    elif triple(state):  # R13
        if not state.opts.four_colour_on_triple:
            bonus = False
        clear_pile(state)
        then = "triple"
        ends = not (following and state.owed > 0 and state.opts.triple_followup == "continue")  # R12.9
    log(state, seat, landed_text(state.names[seat], cards, flipped, reverses, then, owed))
    if not (state.hands[seat] or state.up[seat] or state.down[seat]):  # R14, R12.11: any owed plays are void
        return go_out(state, seat)
    if ends:
        state.owed = 0
        state.ended_by = "clear"
    elif following and state.opts.followup_draws == "each":
        state.draw_ok = True
    if bonus and state.hands[seat] and state.up[seat]:  # E7: not possible without hand or face-up cards
        state.phase = "swap"
        log(
            state,
            seat,
            msg("Four of a colour: {name} may swap a hand card for a face-up card.", name=state.names[seat]),
        )
        return
    continue_turn(state, seat)


def landed_text(name: str, cards: list[str], flipped: bool, reverses: bool, then: str | None, owed: int) -> Message:
    """The event of a play or a flipped card that could be played: each case one whole sentence. A play
    is one Clear (`then` "clear", with `owed` follow-ups) or cards of one number (which may reverse
    the play, and may make three of a number on top: `then` "triple")."""
    played = card_list(cards)
    if then == "clear":
        if flipped:
            return (
                plural(
                    "{name} flipped a face-down card: {card}: the pile is out of the game; {n} more play.",
                    "{name} flipped a face-down card: {card}: the pile is out of the game; {n} more plays.",
                    owed,
                    name=name,
                    card=played,
                )
                if owed
                else msg(
                    "{name} flipped a face-down card: {card}: the pile is out of the game.", name=name, card=played
                )
            )
        return (
            plural(
                "{name} played {cards}: the pile is out of the game; {n} more play.",
                "{name} played {cards}: the pile is out of the game; {n} more plays.",
                owed,
                name=name,
                cards=played,
            )
            if owed
            else msg("{name} played {cards}: the pile is out of the game.", name=name, cards=played)
        )
    if then == "triple":
        three = numbers_of(number(cards[-1]))
        if flipped:
            return (
                msg(
                    "{name} flipped a face-down card: {card}; play changes direction: three or more {numbers} "
                    "take the pile out of the game.",
                    name=name,
                    card=played,
                    numbers=three,
                )
                if reverses
                else msg(
                    "{name} flipped a face-down card: {card}: three or more {numbers} take the pile out of the game.",
                    name=name,
                    card=played,
                    numbers=three,
                )
            )
        return (
            msg(
                "{name} played {cards}; play changes direction: three or more {numbers} take the pile out of the game.",
                name=name,
                cards=played,
                numbers=three,
            )
            if reverses
            else msg(
                "{name} played {cards}: three or more {numbers} take the pile out of the game.",
                name=name,
                cards=played,
                numbers=three,
            )
        )
    if flipped:
        return (
            msg("{name} flipped a face-down card: {card}; play changes direction.", name=name, card=played)
            if reverses
            else msg("{name} flipped a face-down card: {card}.", name=name, card=played)
        )
    return (
        msg("{name} played {cards}; play changes direction.", name=name, cards=played)
        if reverses
        else msg("{name} played {cards}.", name=name, cards=played)
    )


def continue_turn(state: State, seat: int) -> None:
    """After a play (or the swap): the owed follow-ups, or the end of the turn."""
    if state.owed > 0:
        if zone(state, seat) == "need_draw" and state.opts.empty_followup == "forfeit":  # D2 alternative
            log(state, seat, msg("{name} has nothing to play the follow-up from: it lapses.", name=state.names[seat]))
            return end_turn(state, seat)
        state.phase = "follow"
        return
    end_turn(state, seat)


def clear_pile(state: State) -> None:
    state.removed += state.pile
    state.pile = []
    state.mine_on_pile = 0


def triple(state: State) -> bool:
    """R13.1: three or more of one number on top (C11: whoever played them; the option counts only
    the cards the player in turn laid this turn)."""
    pile = state.pile
    reach = len(pile) if state.opts.triple_across else state.mine_on_pile
    top = number(pile[-1])
    run = 0
    for card in reversed(pile[len(pile) - reach :]):
        if number(card) != top:
            break
        run += 1
    return run >= 3


def four_of_a_colour(pile: list[str], cards: list[str]) -> bool:
    """O7 / E7: card by card in the order played, does the colour run on top of the pile reach four?
    (A Clear never extends a run: it takes the pile away.)"""
    run_colour, run = None, 0
    for card in reversed(pile):
        if run_colour is None:
            run_colour = colour(card)
        if colour(card) != run_colour:
            break
        run += 1
    for card in cards:
        if is_clear(card):
            return False
        if colour(card) == run_colour:
            run += 1
        else:
            run_colour, run = colour(card), 1
        if run == 4:
            return True
    return False


def do_swap(state: State, seat: int, action: Action) -> None:
    """O7: one hand card for one of the player's own face-up cards, in its place."""
    give, take = action["give"], action["take"]
    state.up[seat][state.up[seat].index(take)] = give
    hand_changes(state, seat, give, take)
    log(
        state,
        seat,
        msg(
            "{name} swapped the {give} from hand for the face-up {take}.",
            name=state.names[seat],
            give=label(give),
            take=label(take),
        ),
    )
    continue_turn(state, seat)


def do_no_swap(state: State, seat: int, action: Action) -> None:
    continue_turn(state, seat)


# --- Going out, rounds, the end (R14, O1, O4) -------------------------------------------------------


def go_out(state: State, seat: int) -> None:
    state.out.append(seat)
    state.owed = 0
    place = len(state.out)
    log(
        state,
        seat,
        msg("{name} has no cards left and goes out first!", name=state.names[seat])
        if place == 1
        else msg("{name} has no cards left and goes out: {place} place.", name=state.names[seat], place=ordinal(place)),
    )
    if place == 1 and state.opts.scoring:
        take_scores(state)
    left = [s for s in range(state.n) if s not in state.out]
    if not state.opts.placings or len(left) <= 1:  # O1 / E1: the last one left takes last place
        return end_round(state)
    pass_turn(state, seat)


def take_scores(state: State) -> None:
    """O4 / E4: points for the cards left (hand only, or every zone); the player out scores 0."""
    state.round_points = []
    for s in range(state.n):
        cards = state.hands[s] + (state.up[s] + state.down[s] if state.opts.score_zones == "all" else [])
        state.round_points.append(sum(points(c) for c in cards))


def end_round(state: State, capped: bool = False) -> None:
    if state.opts.scoring and state.round_points is None:
        take_scores(state)  # a drawn round: everyone's cards count
    points = state.round_points if state.opts.scoring else None  # taken by now, when scoring
    if points is not None:
        for s in range(state.n):
            state.scores[s] += points[s]
    sheet: dict[str, Any] = {
        "round": state.round,
        "out": list(state.out),
        "drawn": capped and not state.out,
        "points": list(points) if points is not None else None,
        "totals": list(state.scores) if state.opts.scoring else None,
    }
    sheet["text"] = round_text(state, sheet)
    state.sheets.append(sheet)
    if state.round < state.opts.round_count:
        log(state, None, sheet["text"])
        return deal(state)
    finish(state)


def round_text(state: State, sheet: dict[str, Any]) -> Text:
    if sheet["drawn"]:
        text = msg(
            "Round {round} is drawn: nobody went out within {turns} turns.",
            round=sheet["round"],
            turns=state.opts.turn_limit,
        )
    else:
        text = msg("Round {round}: {name} went out first.", round=sheet["round"], name=state.names[sheet["out"][0]])
    if sheet["points"] is None:
        return text
    each = [msg("{name} {points}", name=state.names[s], points=p) for s, p in enumerate(sheet["points"])]
    return situation(text, msg("Points: {points}.", points=commas(each)))


def finish(state: State) -> None:
    state.phase = "over"
    if state.opts.scoring:
        low = min(state.scores)
        state.winners = [s for s in range(state.n) if state.scores[s] == low]  # E4: ties share
    else:
        state.winners = state.out[:1]
    state.drawn = not state.winners
    log(state, None, result_text(state))


def result_text(state: State) -> Message:
    winners = final_winners(state)
    names = [state.names[s] for s in winners]
    if not names:
        return msg("Nobody went out within {turns} turns: the game is drawn.", turns=state.opts.turn_limit)
    if state.opts.scoring:
        total = state.scores[winners[0]]
        if len(names) == 1:
            return plural(
                "{name} wins with {n} point, the lowest total!",
                "{name} wins with {n} points, the lowest total!",
                total,
                name=names[0],
            )
        return plural(
            "{names} share the win with {n} point, the lowest total!",
            "{names} share the win with {n} points, the lowest total!",
            total,
            names=listed(names),
        )
    if len(names) == 1:
        return msg("{name} wins!", name=names[0])
    return msg("{names} share the win!", names=listed(names))


def standings(state: State) -> list[dict[str, Any]]:
    """Winners first. With scoring, by total; otherwise by the order of going out (O1), those never
    out sharing the next place."""
    if state.opts.scoring:
        order = sorted(range(state.n), key=lambda s: state.scores[s])
        place_of = {s: 1 + sum(state.scores[o] < state.scores[s] for o in range(state.n)) for s in order}
        return [
            {
                "seat": s,
                "name": state.names[s],
                "place": place_of[s],
                "detail": plural("{n} point", "{n} points", state.scores[s]),
            }
            for s in order
        ]
    ranked = [s for s in state.out]
    rest = [s for s in range(state.n) if s not in ranked]
    lines = [
        {
            "seat": s,
            "name": state.names[s],
            "place": i + 1,
            "detail": msg("Went out first") if i == 0 else msg("Out {place}", place=ordinal(i + 1)),
        }
        for i, s in enumerate(ranked)
    ]
    last = msg("Last") if state.opts.placings and len(rest) == 1 else msg("Still holding cards")
    lines += [{"seat": s, "name": state.names[s], "place": len(ranked) + 1, "detail": last} for s in rest]
    return lines


ORDINALS = {1: msg("1st"), 2: msg("2nd"), 3: msg("3rd"), 4: msg("4th"), 5: msg("5th"), 6: msg("6th")}  # MAX_SEATS


def ordinal(n: int) -> Message:
    """ "2nd" (a message: the word for a place, in each language)."""
    return ORDINALS[n]


PERFORM = {
    "pick": do_pick,
    "trade": do_trade,
    "done": do_done,
    "play": do_play,
    "flip": do_flip,
    "pickup": do_pickup,
    "draw": do_draw,
    "refill": do_refill,
    "swap": do_swap,
    "no_swap": do_no_swap,
}
apply = applier(parse_action, check, PERFORM)


# --- What a seat sees -------------------------------------------------------------------------------


def waiting_for(state: State) -> list[int]:
    """The seats that may act now: while picking, everyone still to pick (from the first player on);
    otherwise the player in turn."""
    if state.over:
        return []
    if state.phase == "pick":
        return [s for s in ((state.first + k) % state.n for k in range(state.n)) if not state.up[s]]
    return [state.turn]


to_act = first_waiting(waiting_for)


def card_line(card: str, why: Message | None = None) -> dict[str, Any]:
    return {"card": card, "label": label(card), "playable": why is None, "why": why}


def seat_card_lines(state: State, seat: int, where: str) -> list[dict[str, Any]]:
    """The seat's hand or face-up cards with, for each, whether it can be played now and why not."""
    cards = sorted_cards(zone_cards(state, seat, where))
    if state.phase == "pick":
        return [
            card_line(c, None if where == "hand" and not state.up[seat] else msg("The picks are made.")) for c in cards
        ]
    if seat not in waiting_for(state) or state.phase not in ("play", "follow"):
        why = card_why_not_now(state, seat)
        return [card_line(c, why) for c in cards]
    active = zone(state, seat)
    if where == active:
        return [card_line(c, rank_block(state, c)) for c in cards]
    extra = mixing(state, seat) if active == "hand" else []
    block = cards and play_block(state, seat, [next((c for c in cards if c not in extra), cards[0])])
    other_zone = block.text if block else None  # the same reason for every card of that zone
    return [card_line(c, rank_block(state, c) if c in extra else other_zone) for c in cards]


def card_why_not_now(state: State, seat: int) -> Message:
    block = turn_block(state, seat, "play")
    return block.text if block else msg("You cannot play now.")


def down_lines(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's own face-down places: unknown (or known, if a failed flip went back), flippable or why not."""
    block = None if state.phase not in ("play", "follow") else flip_block(state, seat, 0)
    why = block.text if block else None if state.phase in ("play", "follow") else card_why_not_now(state, seat)
    return [
        {
            "slot": i,
            "card": c if state.known[seat][i] else None,
            "label": label(c) if state.known[seat][i] else None,
            "playable": why is None,
            "why": why,
        }
        for i, c in enumerate(state.down[seat])
    ]


def player_line(state: State, s: int, viewer: int | None) -> dict[str, Any]:
    hidden_picks = state.phase == "pick" and s != viewer  # R3.4
    low = state.low[s]
    return {
        "seat": s,
        "name": state.names[s],
        "hand_count": len(state.hands[s]),
        "up": [] if hidden_picks else [{"card": c, "label": label(c)} for c in state.up[s]],
        "down_count": len(state.down[s]),
        "picked": bool(state.up[s]),
        "cards_from": state.switched[s] if state.switched else None,  # O5
        "dealer": s == state.dealer,
        "out": state.out.index(s) + 1 if s in state.out else None,
        "score": state.scores[s] if state.opts.scoring else None,
        "seen": [{"card": c, "label": label(c)} for c in sorted_cards(state.seen[s])],  # taken in sight, kept
        "low": {"count": low[0], "below": low[1]} if low else None,
    }


def top_run(state: State) -> list[str]:
    """The run of equal numbers on top of the pile (shown as a run)."""
    if not state.pile:
        return []
    top = number(state.pile[-1])
    run = []
    for card in reversed(state.pile):
        if number(card) != top:
            break
        run.append(card)
    return run[::-1]


def owed_text(state: State, seat: int) -> Message | None:
    """What the player in turn still owes after a Clear +1 / +2, as a sentence (a message)."""
    if state.phase != "follow" or state.over:
        return None
    n = state.owed
    if zone(state, seat) == "need_draw":
        return msg("Draw a card for your follow-up play: you have nothing else to play from ({n} to play).", n=n)
    top = top_number(state)
    may_draw = draw_block(state, seat) is None
    if top is None:
        return (
            plural(
                "Play {n} more card: any card, or draw first.",
                "Play {n} more cards (one play each): any card, or draw first.",
                n,
            )
            if may_draw
            else plural("Play {n} more card: any card.", "Play {n} more cards (one play each): any card.", n)
        )
    return (
        plural(
            "Play {n} more card: {top} or higher, or a Clear, or draw first.",
            "Play {n} more cards (one play each): {top} or higher, or a Clear, or draw first.",
            n,
            top=a_number(top),
        )
        if may_draw
        else plural(
            "Play {n} more card: {top} or higher, or a Clear.",
            "Play {n} more cards (one play each): {top} or higher, or a Clear.",
            n,
            top=a_number(top),
        )
    )


def view(state: State, seat: int | None, brief: bool = False) -> View:
    """What `seat` may see: its own hand (and, while picking, its picks), every face-up card once all
    have picked, counts of hidden cards, the public pile. `None` is the public table. A copy.
    `brief` (for computer players) leaves out the history: events and score sheets."""
    view = {
        "game": GAME_ID,
        "seat": seat,
        "phase": state.phase,
        "round": state.round,
        "rounds": state.opts.round_count,
        "dealer": state.dealer,
        "first": state.first,
        "turn": None if state.over or state.phase == "pick" else state.turn,
        "to_act": to_act(state),
        "waiting_for": waiting_for(state),
        "direction": "clockwise" if state.direction == 1 else "counterclockwise",
        "players": [player_line(state, s, seat) for s in range(state.n)],
        "draw_count": len(state.draw_pile),
        "pile": {
            "count": len(state.pile),
            "cards": [{"card": c, "label": label(c)} for c in state.pile],
            "run": [{"card": c, "label": label(c)} for c in top_run(state)],
            "top": top_number(state),
        },
        "removed_count": len(state.removed),
        "removed": sorted_cards(state.removed),
        "owed": state.owed if state.phase == "follow" else 0,
        "owed_draw": {
            "seat": state.turn,
            "count": min(HAND_TARGET - len(state.hands[state.turn]), len(state.draw_pile)),
        }
        if state.phase == "refill"
        else None,  # the refill due (the page gives a computer's draw a short pause)
        "owed_text": owed_text(state, state.turn),
        "trades_left": trades_left(state) if state.phase == "trade" else None,
        "hand": None if seat is None else seat_card_lines(state, seat, "hand"),
        "my_up": None if seat is None else seat_card_lines(state, seat, "up"),
        "my_down": None if seat is None else down_lines(state, seat),
        "note": None if seat is None else state.notes[seat],
        "actions": actions_of(legal_actions, state, seat),
        "options": options_shown(state.opts),
        "scores": list(state.scores) if state.opts.scoring else None,
        "turns": state.turns,
        "turn_limit": state.opts.turn_limit,
        "over": state.over,
        "result": result(state),
    }
    if not brief:
        sheets = copied(state.sheets)
        view |= {
            "sheets": sheets,
            "last_round": copied(sheets[-1]) if sheets else None,
            "events": recent_events(state.events),
        }
    return view


def summary(state: State, seat: int | None) -> Text:
    """The whole table in a few sentences, for "Read the table": whose turn and what they owe, the
    pile, everyone's cards (face-up ones by name), and the last move."""
    if state.over:
        return situation(msg("The game is over. {result}", result=result_text(state)), last_move(state.events))
    lines = [
        msg("Round {round} of {rounds}.", round=state.round, rounds=state.opts.round_count)
        if state.opts.round_count > 1
        else None
    ]
    waiting = waiting_for(state)
    if state.phase == "pick":
        lines.append(
            msg("Choose three of your cards to lie face up.")
            if seat in waiting
            else msg("Waiting for {names} to choose face-up cards.", names=listed([state.names[s] for s in waiting]))
        )
    elif state.phase == "trade":
        lines.append(
            msg("You are trading.") if state.turn == seat else msg("{name} is trading.", name=state.names[state.turn])
        )
    else:
        lines.append(msg("Your turn.") if state.turn == seat else msg("{name}'s turn.", name=state.names[state.turn]))
        if state.phase == "follow" and state.turn == seat:
            lines.append(owed_text(state, seat))
    pile = (
        plural(
            "Pile: {n} card, {card} on top.",
            "Pile: {n} cards, {card} on top.",
            len(state.pile),
            card=label(state.pile[-1]),
        )
        if state.pile
        else msg("The pile is empty.")
    )
    lines += [pile, plural("Draw pile: {n} card.", "Draw pile: {n} cards.", len(state.draw_pile))]
    for s in [seat] + [t for t in range(state.n) if t != seat] if seat is not None else range(state.n):
        up = state.up[s] if state.phase != "pick" or s == seat else []
        lines.append(player_sentence(s == seat, state.names[s], len(state.hands[s]), up, len(state.down[s])))
    return situation(*lines, last_move(state.events))


def player_sentence(you: bool, name: str, hand: int, up: list[str], down: int) -> Message:
    """ "Bob: 3 in hand; face up Blue 5, Red 6 and Green 7; 3 face down." ("You: ..." for the viewer)."""
    if up:
        cards = listed([label(c) for c in up])
        return (
            msg("You: {hand} in hand; face up {cards}; {down} face down.", hand=hand, cards=cards, down=down)
            if you
            else msg(
                "{name}: {hand} in hand; face up {cards}; {down} face down.",
                name=name,
                hand=hand,
                cards=cards,
                down=down,
            )
        )
    return (
        msg("You: {hand} in hand; {down} face down.", hand=hand, down=down)
        if you
        else msg("{name}: {hand} in hand; {down} face down.", name=name, hand=hand, down=down)
    )


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {
        "winners": list(final_winners(state)),
        "drawn": state.drawn,
        "text": result_text(state),
        "standings": standings(state),
    }


def public_action(action: Action, actor: int, viewer: int) -> Action:
    """An action as `viewer` saw it: a pick names its cards only to the player who made it (R3.4: the
    picks lie face up once everyone has picked, and the views show them then)."""
    if action["type"] == "pick" and viewer != actor:
        return {"type": "pick"}
    return copied(action)


def undo_block(state: State, seat: int, last: Action) -> Message | None:
    """Why the last action (by `seat`) cannot be taken back; None if it can. Nothing that showed the
    player a card they had not seen can be taken back: a draw, a refill, a flipped face-down card."""
    kind_ = last["type"]
    if kind_ in ("draw", "refill"):
        return msg("You drew cards you had not seen, so that is final.")
    if kind_ == "flip":
        return msg("You turned up a face-down card, so that is final.")
    if kind_ == "pick":
        if state.phase == "pick":
            return None  # nothing shown yet: the others have not seen the picks
        return msg("Everyone has chosen and the face-up cards are on the table, so the picks are final.")
    if kind_ == "done":
        return msg("You finished trading and the next player has begun.")
    if state.over:
        return msg("The game is over.")
    if state.turn == seat and state.phase in ("trade", "follow", "swap", "refill"):
        return None  # play, trade, swap, pick-up: only public cards moved, and the turn is still yours
    return msg("Your turn is over, so that move is final.")


# --- Invariants (the simulator and the property tests run these after every action) -----------------

# The only parts of a seat's own view.
PRIVATE = ("seat", "hand", "my_up", "my_down", "note", "actions")


def hidden_places(state: State) -> list[list[str]]:
    """Every list of cards the public may not see: hands, face-down cards, the draw pile, and while
    picking the face-up picks (R3.4, R4.1-R4.4, R4.7)."""
    places = [*state.hands, *state.down, state.draw_pile]
    return places + list(state.up) if state.phase == "pick" else places


def check_views(state: State) -> None:
    """No view shows a hidden card. The public view must not change when every hidden card is dealt
    again differently (so no event names a flipped card that went back to a hand); a seat's view is the
    public view plus that seat's own cards, and nothing else."""
    public = view(state, None)
    places = hidden_places(state)
    saved = [list(p) for p in places]
    cards = [c for p in places for c in p]
    SplitMix64(len(state.events)).shuffle(cards)  # a different deal of the same hidden cards
    for p in places:
        p[:], cards = cards[: len(p)], cards[len(p) :]
    try:
        assert view(state, None) == public, "the public view shows a hidden card"
    finally:
        for p, kept in zip(places, saved):
            p[:] = kept
    table = {k: v for k, v in public.items() if k not in PRIVATE}
    for seat in range(state.n):
        mine = view(state, seat)
        expected = table
        if state.phase == "pick":  # R3.4: a seat sees its own picks, nobody else's
            players = [dict(p) for p in table["players"]]
            players[seat]["up"] = [{"card": c, "label": label(c)} for c in state.up[seat]]
            expected = table | {"players": players}
        assert {k: v for k, v in mine.items() if k not in PRIVATE} == expected, f"seat {seat} sees more than the table"
        assert Counter(line["card"] for line in mine["hand"]) == Counter(state.hands[seat]), "a wrong hand"
        assert Counter(line["card"] for line in mine["my_up"]) == Counter(state.up[seat]), "wrong face-up cards"
        for line, card, seen in zip(mine["my_down"], state.down[seat], state.known[seat]):
            assert line["card"] == (card if seen else None), f"seat {seat} sees a face-down card"


def check_invariants(state: State) -> None:
    everything = Counter(chain(state.draw_pile, state.pile, state.removed, *state.hands, *state.up, *state.down))
    assert everything == Counter(state.opts.cards), "cards are not conserved"
    assert not any(is_clear(c) for c in state.pile), "a Clear card stayed on the pile"
    if state.pile and state.opts.triple_across:
        assert len(top_run(state)) < 3, "three of a number stayed on the pile"
    assert state.turns <= state.opts.turn_limit + 1, "the turn limit was passed"
    assert state.round <= state.opts.round_count, "more rounds than the match has"
    for s in range(state.n):
        assert len(state.up[s]) <= TABLE_CARDS and len(state.down[s]) <= TABLE_CARDS, "too many table cards"
        assert len(state.known[s]) == len(state.down[s]), "face-down knowledge is out of step"
        if state.phase != "pick" and state.draw_pile and s not in state.out:
            assert len(state.up[s]) == len(state.down[s]) == TABLE_CARDS, "table cards played too early (R6.2)"
        if s in state.out:
            assert not (state.hands[s] or state.up[s] or state.down[s]), "a player out still has cards"
    if state.over:
        assert state.phase == "over" and state.round == state.opts.round_count
        assert state.drawn == (not state.winners)
        return
    assert state.turn not in state.out, "the turn is with a player who is out"
    assert state.phase in ("pick", "trade", "play", "follow", "swap", "refill")
    if state.phase == "follow":
        assert state.owed > 0, "a follow-up phase with nothing owed"
    else:
        assert state.owed == 0, "follow-ups owed outside the follow-up phase"
    if state.phase == "refill":
        assert len(state.hands[state.turn]) < HAND_TARGET and state.draw_pile, "a refill that draws nothing"
    if state.phase in ("play", "follow"):
        assert legal_actions(state, state.turn), "the player in turn has nothing to do"
    if state.opts.failed_flip != "back":
        assert not any(any(k) for k in state.known), "a face-down card is known"
    check_views(state)
