"""ONO 99: play a card, keep the running total below 99, be the last player in.

The rules are `shared/rules/ono99.md`; comments cite its numbers (R6.2 is a rule, A17 an
ambiguity with its chosen default, D11b a 1980 difference). The 2022 Mattel rules are the default;
the 1980 O'NO 99 rules are a preset of the same options.

A turn is: play a card, then draw. The draw is its own action because it shows the player a new
card: until then the play can be taken back (undo), after it the move is final.
"""

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ..core import GameError, Rng, Setup, build_deck, int_list, shown
from ..core.game import Action, Event, View
from ..core.i18n import Message, Said, Text, listed, msg, plural, semicolons
from ..core.options import OptionSpec, lobby_info, options_shown, parse_options
from ..core.rules import action_kind, applier, final_winners, first_waiting, seat_error
from ..core.views import actions_of, copied, last_move, log, recent_events, situation

GAME_ID = "ono99"
TITLE = msg("ONO 99")

# --- Cards (R1, D1) -------------------------------------------------------------------------------

# A card's name as players read it (a message: the page's web/cards.js uses the same English msgids).
CARD_NAMES = {
    "0": msg("Zero"),
    "1": msg("One"),
    "2": msg("Two"),
    "3": msg("Three"),
    "4": msg("Four"),
    "5": msg("Five"),
    "6": msg("Six"),
    "7": msg("Seven"),
    "8": msg("Eight"),
    "9": msg("Nine"),
    "10": msg("Ten"),
    "-10": msg("Minus ten"),
    "REV": msg("Reverse"),
    "P2": msg("Play 2"),
    "DP": msg("Double Play"),
    "HOLD": msg("Hold"),
    "ONO": msg("ONO 99"),
}
DEFLECTORS = {"REV", "P2", "HOLD"}  # answer a Play 2 / Double Play (R8.1, D6, D7)
OBLIGATORS = {"P2", "DP"}  # make the next player play two cards (R5.4, D7)
HAND_SIZE = 4  # R3.3

DECKS = {  # A2: the decks are data, and an option
    "2022": {"0": 8} | {str(n): 6 for n in range(1, 10)} | {"10": 10, "REV": 10, "-10": 10, "P2": 10, "ONO": 10},
    "1980": {str(n): 3 for n in range(2, 10)} | {"10": 10, "HOLD": 4, "REV": 6, "-10": 4, "DP": 2, "ONO": 4},
}
MIN_SEATS, MAX_SEATS = 2, 8  # A3: configurable; both decks deal eight hands with plenty left (A7)
BOX_SEATS = {"2022": (2, 6), "1980": (2, 8)}  # A3: what each version's box says


def is_number(card: str) -> bool:
    return card.isdigit()


def card_points(card: str) -> int:
    """1980 points scoring (D11b.4): face value, ONO 99 20, every other special 15."""
    if is_number(card):
        return int(card)
    return 20 if card == "ONO" else 15


def _hand_order(card: str) -> tuple[int, int, str]:
    """Display order: numbers low to high, then the specials."""
    return (0, int(card), "") if is_number(card) else (1, 0, card)


HAND_ORDER = {card: _hand_order(card) for card in CARD_NAMES}  # looked up on every view and every move
hand_order = HAND_ORDER.__getitem__


# --- Options (Part 3's recommended flags) ---------------------------------------------------------

ONLY_1980 = {"version": ["1980"]}
POINTS = {"version": ["1980"], "scoring": ["points_elimination", "points_lowest"]}
RULES_2022 = msg("2022 rules (Mattel)")
RULES_1980 = msg("1980 rules (O'NO 99)")
OPTION_SPECS = [
    OptionSpec(
        "version",
        msg("Rules"),
        msg("The 2022 Mattel rules, or the 1980 O'NO 99 rules."),
        "choice",
        "2022",
        (("2022", RULES_2022), ("1980", RULES_1980)),
    ),
    OptionSpec(
        "bust_at_99",
        msg("Reaching 99 busts"),
        msg("On: a total of 99 or more is out. Off: only a total above 99 is out."),
        "bool",
        True,
    ),
    OptionSpec(
        "minus10_floor",
        msg("Total never below zero"),
        msg("On: Minus ten stops at 0 (2022). Off: the total may go negative (1980)."),
        "bool",
        True,
    ),
    OptionSpec(
        "reverse_deflects_in_2p",
        msg("Reverse answers Play 2 with two players"),
        msg("With two players left, a Reverse still passes a Play 2 obligation back."),
        "bool",
        True,
    ),
    OptionSpec(
        "four_ono_discard",
        msg("Four ONO 99 cards"),
        msg("What a player holding four ONO 99 cards may do."),
        "choice",
        "on_turn",
        (
            ("on_turn", msg("Discard them as your turn's play, draw four")),
            ("free_swap", msg("Swap them for four new cards, then play")),
            ("off", msg("Nothing (1980)")),
        ),
    ),
    OptionSpec(
        "first_play_number",
        msg("First card must be a number"),
        msg("The first card of each round must be a number card."),
        "bool",
        False,
    ),
    OptionSpec(
        "ono99_on_zero",
        msg("ONO 99 on a total ending in 0"),
        msg(
            "An ONO 99 card may be played, adding "
            "nothing, when the total ends in 0 (one a turn). An optional rule of the 1980 game."
        ),
        "bool",
        False,
        when=ONLY_1980,
    ),
    OptionSpec(
        "draw_speed_penalty",
        msg("Draw-speed penalty"),
        msg(
            "The turn passes as soon as you play; if "
            "you have not drawn by the time the next card is played, you miss that draw. From the 1980 game."
        ),
        "bool",
        False,
        when=ONLY_1980,
    ),
    OptionSpec(
        "scoring",
        msg("Scoring"),
        msg("How the game is won over several rounds."),
        "choice",
        "tokens",
        (
            ("tokens", msg("Tokens: lose a round, lose a token")),
            ("points_elimination", msg("Points: reach the target and you are out")),
            ("points_lowest", msg("Points: first to the target ends it, lowest wins")),
        ),
        when=ONLY_1980,
    ),
    OptionSpec(
        "tokens",
        msg("Tokens each"),
        msg(
            "How many tokens each player starts with. Losing a round "
            "costs a token; losing one with none left puts you out."
        ),
        "int",
        3,
        min=0,
        max=10,
        when={"version": ["1980"], "scoring": ["tokens"]},
    ),
    OptionSpec(
        "target_points",
        msg("Target points"),
        msg("The points total that puts a player out."),
        "int",
        100,
        min=25,
        max=1000,
        when=POINTS,
    ),
    OptionSpec(
        "bust_total_after",
        msg("Total after a bust"),
        msg("What the running total becomes after a card takes it over the limit."),
        "choice",
        "revert",
        (
            ("revert", msg("Goes back to before the card")),
            ("keep", msg("Stays where the card took it")),
            ("reset", msg("Goes back to 0")),
        ),
        when=POINTS,
    ),
    OptionSpec(
        "tie_rule",
        msg("Tie for lowest score"),
        msg("When the lowest scores tie at the end."),
        "choice",
        "share",
        (("share", msg("The tied players share the win")), ("play_on", msg("Play another round"))),
        when={"version": ["1980"], "scoring": ["points_lowest"]},
    ),
    OptionSpec(
        "next_round_starter",
        msg("Next round starts with"),
        msg("Who plays first in the next round."),
        "choice",
        "rotate",
        (("rotate", msg("The deal passes left")), ("loser", msg("The loser of the last round"))),
        when=ONLY_1980,
    ),
    OptionSpec(
        "deck", msg("Deck"), msg("How many of each card the deck holds."), "counts", DECKS["2022"], min=0, max=40
    ),
]
PRESETS = {
    "2022": {"version": "2022", "minus10_floor": True, "four_ono_discard": "on_turn", "deck": DECKS["2022"]},
    "1980": {"version": "1980", "minus10_floor": False, "four_ono_discard": "off", "deck": DECKS["1980"]},
}


@dataclass(frozen=True)
class Options:
    version: str
    bust_at_99: bool
    minus10_floor: bool
    reverse_deflects_in_2p: bool
    four_ono_discard: str
    first_play_number: bool
    ono99_on_zero: bool
    draw_speed_penalty: bool
    scoring: str
    tokens: int
    target_points: int
    bust_total_after: str
    tie_rule: str
    next_round_starter: str
    deck: dict[str, int]

    @property
    def rounds(self) -> bool:
        """1980 is played in rounds with tokens or points; 2022 is one elimination game (A40)."""
        return self.version == "1980"

    @property
    def points(self) -> bool:
        return self.rounds and self.scoring != "tokens"


def make_options(raw: object) -> Options:
    """Options from the lobby or a save; a preset's values are the defaults for its version."""
    version = (raw or {}).get("version", "2022") if isinstance(raw, dict) else "2022"
    preset = PRESETS.get(version, PRESETS["2022"]) if isinstance(version, str) else PRESETS["2022"]
    opts = Options(**parse_options(OPTION_SPECS, raw, preset))
    unknown = sorted(set(opts.deck) - set(CARD_NAMES))
    if unknown:
        raise GameError("bad_option", msg("The deck has an unknown card '{card}'.", card=shown(unknown[0])))
    return opts


def info() -> dict[str, Any]:
    """What the lobby needs to offer this game."""
    presets = [
        {"id": "2022", "title": RULES_2022, "options": PRESETS["2022"]},
        {"id": "1980", "title": RULES_1980, "options": PRESETS["1980"]},
    ]
    return lobby_info(
        GAME_ID,
        TITLE,
        {"min": MIN_SEATS, "max": MAX_SEATS},
        presets,
        OPTION_SPECS,
        RULES_SUMMARY,
        player_notes={"key": "version", "values": box_notes()},
    )


def box_notes() -> dict[str, dict[str, Any]]:
    """For the lobby: per version whose box says fewer players than may play, the most it says and a
    note to show when more are seated."""
    return {
        version: {
            "above": hi,
            "text": msg(
                "The {version} box says {min} to {max} players; more can play with this deck.",
                version=version,
                min=lo,
                max=hi,
            ),
        }
        for version, (lo, hi) in BOX_SEATS.items()
        if hi < MAX_SEATS
    }


def progress(state: "State") -> Message:
    """How far the game has got, for the list of saved games (a message)."""
    left = sum(status != "eliminated" for status in state.status)
    if state.opts.rounds:
        return plural(
            "round {round} · {n} player still in", "round {round} · {n} players still in", left, round=state.round
        )
    return plural("{n} player still in", "{n} players still in", left)


RULES_SUMMARY = [  # (heading, paragraph): the in-app rules, in plain words
    (
        msg("The aim"),
        msg(
            "Everyone holds four cards. On your turn play one card onto the pile and add its value to the "
            "running total, then draw a card. The total must stay below 99: if none of your cards can keep it "
            "there, you lay your hand down and you are out. The last player in wins."
        ),
    ),
    (
        msg("Special cards"),
        msg(
            "Minus ten takes 10 off (never below 0 in the 2022 rules). Reverse changes the direction. Play 2 "
            "makes the next player play two cards, unless they answer with a Reverse or a Play 2 of their own, "
            "which passes the duty on; whoever finally takes it plays just two cards. The ONO 99 card can never "
            "be played; holding four of them, you may discard all four as your play and draw four new cards."
        ),
    ),
    (
        msg("The 1980 rules"),
        msg(
            "1980 rules: 2 to 8 players, cards 2 to 10, a Hold card (adds 0, answers a Double Play), Double Play "
            "in place of Play 2 (it cannot be the first of your two cards), and the total may go below zero. The "
            "game is played in rounds: with tokens, the player who cannot play loses a token and is out after "
            "losing a round with none left; with points, a player who must bust plays a card, goes out of the "
            "round and scores 25 plus the cards left in hand (numbers at face value, ONO 99 20, others 15)."
        ),
    ),
    (
        msg("Taking a move back"),
        msg(
            "Undo: you can take back the card you just played until you draw. The draw shows you a new card, so "
            "from then on your move is final. Laying your hand down and busting are final too."
        ),
    ),
]


# --- State ----------------------------------------------------------------------------------------


@dataclass
class State:
    opts: Options
    names: list[str]
    rng: Rng
    setup: Setup  # tests only: stacked decks, the first dealer, starting tokens or points
    dealer: int
    stacked: list[list[str]] = field(default_factory=list)  # the setup's stacked decks still to be dealt, in order
    hands: list[list[str]] = field(default_factory=list)
    draw_pile: list[str] = field(default_factory=list)  # the top card is the last item
    discard: list[str] = field(default_factory=list)  # the top card is the last item
    laid_down: list[list[str]] = field(default_factory=list)  # R9.2: public, out of circulation
    status: list[str] = field(default_factory=list)  # per seat: "in", "out_of_round", "eliminated"
    total: int = 0
    direction: int = 1  # +1 clockwise (R2.2)
    turn: int = 0
    obligated: bool = False  # the seat in turn must play two cards (R8)
    plays_made: int = 0  # cards played so far this turn (a four-ONO discard counts as one, A17)
    ono_played: bool = False  # A36: one ONO 99 card a turn
    owed: tuple[int, int] | None = None  # (seat, count): cards that seat still draws after its play
    played_in_round: bool = False
    round: int = 1
    tokens: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    busted: list[bool] = field(default_factory=list)  # went out of this round (1980 points)
    out_order: list[int] = field(default_factory=list)  # seats in the order they left the game
    last_loser: int | None = None
    tie_break: bool = False  # A33 play_on: the lowest scores tied, so one more round decides
    last_round: dict[str, Any] | None = None
    winners: list[int] | None = None
    events: list[Event] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.winners is not None


def new_state(opts: Options, names: list[str], rng: Rng, setup: Setup) -> State:
    """A game ready for its first play. `setup` (tests only) stacks the deals of the first rounds,
    names the first dealer, and may start everyone from given tokens or points."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise GameError("bad_seats", msg("ONO 99 is for {min} to {max} players.", min=MIN_SEATS, max=MAX_SEATS))
    if sum(opts.deck.values()) < HAND_SIZE * len(names) + 1:
        raise GameError("bad_option", msg("The deck is too small to deal four cards to everyone."))
    setup.check(opts.deck, len(names))
    start = setup.start_values({"tokens", "scores"})
    state = State(
        opts=opts,
        names=list(names),
        rng=rng,
        setup=setup,
        stacked=setup.deck_queue(),
        dealer=rng.below(len(names)) if setup.dealer is None else setup.dealer,
    )
    state.status = ["in"] * state.n
    state.tokens = int_list(start, "tokens", state.n, 0, 10) or [opts.tokens] * state.n
    state.scores = int_list(start, "scores", state.n, 0, opts.target_points - 1) or [0] * state.n
    deal(state, first_seat(state, state.dealer))
    return state


def first_seat(state: State, dealer: int) -> int:
    """R3.6: the player to the dealer's left starts."""
    return next_seat(state, dealer, 1, lambda s: state.status[s] != "eliminated")


def next_seat(state: State, seat: int, direction: int, wanted: Callable[[int], bool]) -> int:
    for step in range(1, state.n + 1):
        candidate = (seat + direction * step) % state.n
        if wanted(candidate):
            return candidate
    return seat


def next_active(state: State, seat: int) -> int:
    """The next seat still in the round, in the direction of play (after every play: kept simple)."""
    n, status = state.n, state.status
    for step in range(1, n + 1):
        candidate = (seat + state.direction * step) % n
        if status[candidate] == "in":
            return candidate
    return seat


def active_seats(state: State) -> list[int]:
    return [s for s in range(state.n) if state.status[s] == "in"]


def deal(state: State, starter: int) -> None:
    """R3 / A30: shuffle every card, deal four each to the players still in the game, total 0."""
    order = state.stacked.pop(0) if state.stacked else None
    if order is None:
        order = build_deck(state.opts.deck)
        state.rng.shuffle(order)
    state.draw_pile = order[::-1]
    playing = [s for s in range(state.n) if state.status[s] != "eliminated"]
    state.hands = [[] for _ in range(state.n)]
    state.laid_down = [[] for _ in range(state.n)]
    for _ in range(HAND_SIZE):  # one card at a time, starting at the first player
        for seat in sorted(playing, key=lambda s: (s - starter) % state.n):
            state.hands[seat].append(state.draw_pile.pop())
    state.status = ["in" if s in playing else "eliminated" for s in range(state.n)]
    state.busted = [False] * state.n
    state.discard = []
    state.total, state.direction, state.turn = 0, 1, starter
    state.obligated, state.plays_made, state.ono_played, state.owed = False, 0, False, None
    state.played_in_round = False


# --- Legality ---------------------------------------------------------------------------------------


def busts(opts: Options, total: int) -> bool:
    """A1 / BUST_AT_99: by default reaching 99 busts; with the flag off only passing 99 does."""
    return total >= 99 if opts.bust_at_99 else total > 99


def too_high(opts: Options, card: str, total: int) -> Message:
    """The refusal of a card that would bust, as one whole sentence per rule."""
    if opts.bust_at_99:
        return msg("{card} would take the total to {total}; it must stay below 99.", card=CARD_NAMES[card], total=total)
    return msg("{card} would take the total to {total}; it must not pass 99.", card=CARD_NAMES[card], total=total)


NUMBER_VALUE = {card: int(card) for card in CARD_NAMES if is_number(card)}


def total_after(state: State, card: str) -> int:
    """R5 / D5: what the total becomes when `card` is played."""
    if card in NUMBER_VALUE:
        return state.total + NUMBER_VALUE[card]
    if card == "-10":
        return max(0, state.total - 10) if state.opts.minus10_floor else state.total - 10
    return state.total  # Reverse, Play 2, Double Play, Hold, ONO 99 (on a zero) add 0 (A9)


def card_rule_block(state: State, card: str) -> Message | None:
    """Why the rules forbid `card` now (None if they allow it); turn order is checked elsewhere."""
    opts = state.opts
    if card in NUMBER_VALUE and (state.played_in_round or not opts.first_play_number):
        new_total = state.total + NUMBER_VALUE[card]  # most cards asked about: decided at once
        return None if not busts(opts, new_total) else too_high(opts, card, new_total)
    if card == "ONO":
        if not opts.ono99_on_zero:
            return msg("The ONO 99 card can never be played.")
        if state.total % 10:
            return msg("An ONO 99 card can only be played when the total ends in 0; it is {total}.", total=state.total)
        if state.ono_played:
            return msg("Only one ONO 99 card can be played per turn.")
        return None
    if card == "DP" and state.obligated and state.plays_made == 0:
        return msg("A Double Play cannot be the first of your two cards.")  # D7
    if opts.first_play_number and not state.played_in_round and not is_number(card):
        return msg("The first card of the round must be a number card.")  # A22 option
    new_total = total_after(state, card)
    if busts(opts, new_total):
        return too_high(opts, card, new_total)
    return None


def turn_block(state: State, seat: int) -> GameError | None:
    """Why `seat` cannot play a card at this moment (None if it can)."""
    if state.over:
        return GameError("game_over", msg("The game is over."))
    if state.owed and not state.opts.draw_speed_penalty:
        owner = state.owed[0]
        if owner == seat:
            return GameError("draw_first", msg("Draw your card first."))
        return GameError("not_your_turn", msg("{name} must draw first.", name=state.names[owner]))
    if seat != state.turn:
        if state.status[seat] != "in":
            return GameError(
                "not_your_turn",
                msg("You are out of this round.")
                if state.status[seat] == "out_of_round"
                else msg("You are out of the game."),
            )
        return GameError("not_your_turn", msg("It is {name}'s turn.", name=state.names[state.turn]))
    return None


def play_block(state: State, seat: int, card: str) -> GameError | None:
    """Every reason `seat` may not play `card` now, as the error the player will see."""
    if card not in CARD_NAMES:
        return GameError("unknown_card", msg("There is no card '{card}' in ONO 99.", card=shown(card)))
    if card not in state.hands[seat]:
        return GameError("not_in_hand", msg("You do not hold a {card}.", card=CARD_NAMES[card]))
    return turn_block(state, seat) or _as_illegal(card_rule_block(state, card))


def _as_illegal(reason: Message | None) -> GameError | None:
    return GameError("illegal_card", reason) if reason else None


def legal_cards(state: State, seat: int) -> list[str]:
    return [c for c in sorted(set(state.hands[seat]), key=hand_order) if card_rule_block(state, c) is None]


def can_discard_four(state: State, seat: int) -> bool:
    return state.opts.four_ono_discard != "off" and state.hands[seat].count("ONO") >= 4


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order."""
    actions: list[Action] = []
    if state.over:
        return actions
    if state.owed and state.owed[0] == seat:
        actions.append({"type": "draw"})
        if not state.opts.draw_speed_penalty:
            return actions  # R6.4: the draw comes first
    if turn_block(state, seat):
        return actions
    plays = legal_cards(state, seat)
    actions += [{"type": "play", "card": c} for c in plays]
    if can_discard_four(state, seat):
        actions.append({"type": "discard4"})
    if not plays:  # R6.7 / R9: no card keeps the total safe
        bust_cards = sorted({c for c in state.hands[seat] if is_number(c)}, key=hand_order)
        if state.opts.points and bust_cards:
            actions += [{"type": "bust", "card": c} for c in bust_cards]  # D11b.2
        else:
            actions.append({"type": "lay_down"})
    return actions


# --- Actions ------------------------------------------------------------------------------------------

ACTION_TYPES = {
    "play": True,
    "bust": True,
    "draw": False,
    "discard4": False,
    "lay_down": False,
}  # does the action name a card?
ACTION_FIELDS = dict.fromkeys(ACTION_TYPES, ("card",))  # a card where there should be none: refused below


def parse_action(raw: object) -> Action:
    """An action from its JSON object or its string form ("play 7", "draw")."""
    if (
        type(raw) is dict
        and raw.get("type") == "play"
        and len(raw) == 2
        and type(raw.get("card")) is str
        and raw["card"] in CARD_NAMES
    ):
        return {"type": "play", "card": raw["card"]}  # the usual actions, in their usual forms
    if raw == {"type": "draw"}:
        return {"type": "draw"}
    if isinstance(raw, str):
        words = raw.split()
        raw = {"type": words[0], "card": words[1]} if len(words) == 2 else {"type": words[0] if words else ""}
    kind = action_kind(raw, ACTION_FIELDS, '{"type": "play", "card": "7"}', msg("an ONO 99 action"))
    assert isinstance(raw, dict)  # action_kind refuses anything else
    if ACTION_TYPES[kind]:
        card = raw.get("card")
        if not isinstance(card, str):
            raise GameError("bad_action", msg("A '{kind}' action must name a card.", kind=kind))
        if card not in CARD_NAMES:
            raise GameError("unknown_card", msg("There is no card '{card}' in ONO 99.", card=shown(card)))
        return {"type": kind, "card": card}
    if "card" in raw:
        raise GameError("bad_action", msg("A '{kind}' action takes no card.", kind=kind))
    return {"type": kind}


def action_text(action: Action) -> str:
    """The stable string form of an action."""
    return f"{action['type']} {action['card']}" if "card" in action else action["type"]


def check(state: State, seat: int, action: Action) -> GameError | None:
    """Why `seat` may not take the (parsed) `action` now, as the error the player will see."""
    if bad_seat := seat_error(state, seat):
        return bad_seat
    kind = action["type"]
    if kind == "play":  # the common cases, decided directly (they are most of every game)
        return play_block(state, seat, action["card"])
    if kind == "draw":
        owes = not state.over and state.owed and state.owed[0] == seat
        return None if owes else explain_illegal(state, seat, action)
    return None if action in legal_actions(state, seat) else explain_illegal(state, seat, action)


def explain_illegal(state: State, seat: int, action: Action) -> GameError:
    """The clearest reason an action is not among the legal ones."""
    kind = action["type"]
    if state.over:
        return GameError("game_over", msg("The game is over."))
    if kind == "draw":
        return GameError("nothing_to_draw", msg("You have nothing to draw now."))
    if kind in ("play", "bust") and action["card"] not in state.hands[seat]:
        not_held = play_block(state, seat, action["card"])
        assert not_held is not None  # a card not in the hand is never playable
        return not_held
    block = turn_block(state, seat)
    if block:
        return block
    if kind == "play":
        return play_block(state, seat, action["card"]) or GameError("illegal_card", msg("You cannot play that now."))
    if kind == "discard4":
        if state.opts.four_ono_discard == "off":
            return GameError("illegal_card", msg("These rules have no discard of four ONO 99 cards."))
        return GameError("illegal_card", msg("You need four ONO 99 cards to discard them."))
    if kind == "bust":
        if not state.opts.points:
            return GameError("illegal_card", msg("Busting is only part of the 1980 points scoring."))
        if not is_number(action["card"]):
            return GameError("illegal_card", msg("Only a number card can bust."))
        return GameError("illegal_card", msg("You still have a card that keeps the total safe."))
    return GameError("illegal_card", msg("You still have a card you can play, so you cannot lay your hand down."))


def do_play(state: State, seat: int, action: Action) -> None:
    card = action["card"]
    forfeit_owed_draw(state)
    state.hands[seat].remove(card)
    state.discard.append(card)
    state.total = total_after(state, card)
    if card == "REV":
        state.direction = -state.direction  # R5.3
    state.ono_played |= card == "ONO"
    state.played_in_round = True
    state.plays_made += 1
    state.owed = (seat, 1)  # R6.4
    log(
        state,
        seat,
        msg("{name} played {card}: total {total}.", name=state.names[seat], card=CARD_NAMES[card], total=state.total),
    )
    deflected = state.obligated and state.plays_made == 1 and deflects(state, card)
    if state.obligated and state.plays_made == 1 and not deflected:
        return  # R8.3: the first of two cards; the same player plays again after drawing
    end_turn(state, seat, obligate_next=deflected or card in OBLIGATORS)


def deflects(state: State, card: str) -> bool:
    """R8.1 / A10: Reverse, Play 2 and Hold pass the obligation on (Reverse with two players left
    only with REVERSE_DEFLECTS_IN_2P)."""
    if card == "REV" and len(active_seats(state)) == 2:
        return state.opts.reverse_deflects_in_2p
    return card in DEFLECTORS


def end_turn(state: State, seat: int, obligate_next: bool) -> None:
    state.turn = next_active(state, seat)
    state.obligated, state.plays_made, state.ono_played = obligate_next, 0, False
    if obligate_next:
        log(state, state.turn, msg("{name} must play two cards.", name=state.names[state.turn]))


def forfeit_owed_draw(state: State) -> None:
    """D4: with the draw-speed penalty, a draw not taken before the next card is played is lost."""
    if state.owed:
        owner, count = state.owed
        state.owed = None
        log(
            state,
            owner,
            plural(
                "{name} did not draw in time and plays on with {n} card fewer.",
                "{name} did not draw in time and plays on with {n} cards fewer.",
                count,
                name=state.names[owner],
            ),
        )


def do_draw(state: State, seat: int, action: Action) -> None:
    assert state.owed is not None  # check() lets only a seat that owes a draw draw
    _, count = state.owed
    state.owed = None
    drawn = draw_cards(state, seat, count)
    log(state, seat, plural("{name} drew {n} card.", "{name} drew {n} cards.", drawn, name=state.names[seat]))


def draw_cards(state: State, seat: int, count: int) -> int:
    """R6.4 / A6: draw from the pile, reshuffling the discards into it when it runs out (the total
    stays); A7: with both piles empty there is nothing to draw."""
    drawn = 0
    for _ in range(count):
        if not state.draw_pile:
            if not state.discard:
                break
            state.draw_pile, state.discard = state.discard, []
            state.rng.shuffle(state.draw_pile)
            log(state, None, msg("The discard pile was shuffled to make a new draw pile."))
        state.hands[seat].append(state.draw_pile.pop())
        drawn += 1
    return drawn


def do_discard_four(state: State, seat: int, action: Action) -> None:
    """R7 / A17: discard four ONO 99 cards and draw four. By default it is the turn's play (it does
    not answer a Play 2, but counts as one of the two cards); as a free swap it is not a play."""
    for _ in range(4):
        state.hands[seat].remove("ONO")
    state.discard += ["ONO"] * 4
    log(state, seat, msg("{name} discarded four ONO 99 cards.", name=state.names[seat]))
    if state.opts.four_ono_discard == "free_swap":
        draw_cards(state, seat, 4)
        return
    forfeit_owed_draw(state)
    state.plays_made += 1
    state.owed = (seat, 4)
    if not (state.obligated and state.plays_made == 1):
        end_turn(state, seat, obligate_next=False)


def do_lay_down(state: State, seat: int, action: Action) -> None:
    """R9 (2022), D11a (1980 tokens), D11b.2 with a hand of no number card (1980 points)."""
    if state.owed and state.owed[0] == seat:
        state.owed = None  # draw-speed penalty: a player who is out draws no more
    if not state.opts.rounds:
        state.laid_down[seat], state.hands[seat] = state.hands[seat], []
        log(
            state,
            seat,
            msg("{name} cannot keep the total below 99 and lays down their hand: out.", name=state.names[seat]),
        )
        eliminate(state, seat)
        if len(active_seats(state)) == 1:
            finish(state, active_seats(state))
        else:
            end_turn(state, seat, obligate_next=False)  # A13 / R8.5: the obligation lapses
    elif state.opts.points:
        log(state, seat, msg("{name} cannot play and is out of the round.", name=state.names[seat]))
        go_out_of_round(state, seat)
    else:
        lose_round_with_token(state, seat)


def do_bust(state: State, seat: int, action: Action) -> None:
    """D11b.2 / A26 / A29: play a card that busts, go out of the round, draw one."""
    card = action["card"]
    forfeit_owed_draw(state)
    state.hands[seat].remove(card)
    state.discard.append(card)
    busted_total = total_after(state, card)
    state.total = {"revert": state.total, "keep": busted_total, "reset": 0}[state.opts.bust_total_after]
    draw_cards(state, seat, 1)
    log(
        state,
        seat,
        msg(
            "{name} played {card}, taking the total to {busted}, and is out of the round. The total is {total}.",
            name=state.names[seat],
            card=CARD_NAMES[card],
            busted=busted_total,
            total=state.total,
        ),
    )
    go_out_of_round(state, seat)


def go_out_of_round(state: State, seat: int) -> None:
    state.status[seat], state.busted[seat], state.last_loser = "out_of_round", True, seat
    if len(active_seats(state)) == 1:
        score_points_round(state)
    else:
        end_turn(state, seat, obligate_next=False)


def eliminate(state: State, seat: int) -> None:
    state.status[seat] = "eliminated"
    state.out_order.append(seat)


def finish(state: State, winners: list[int]) -> None:
    state.winners = sorted(winners)
    state.owed = None
    for seat in state.winners:  # A33: a winner who reached the target with everyone else is not "out"
        if state.status[seat] == "eliminated":
            state.status[seat] = "in"
            state.out_order.remove(seat)
    log(state, None, result_text(state))


def lose_round_with_token(state: State, seat: int) -> None:
    """D11a: the player who cannot play loses a token; with none left, they are out of the game."""
    state.last_loser = seat
    if state.tokens[seat] > 0:
        state.tokens[seat] -= 1
        text = plural(
            "{name} cannot play and loses the round: {n} token left.",
            "{name} cannot play and loses the round: {n} tokens left.",
            state.tokens[seat],
            name=state.names[seat],
        )
    else:
        eliminate(state, seat)
        text = msg(
            "{name} cannot play, loses the round with no token left, and is out of the game.", name=state.names[seat]
        )
    log(state, seat, text)
    state.last_round = {"round": state.round, "loser": seat, "text": text, "lines": round_lines(state, {})}
    next_round_or_finish(state)


def round_lines(state: State, points: dict[int, int]) -> list[dict[str, Any]]:
    """What each player held at the end of a round, for the round summary."""
    lines = []
    for seat in range(state.n):
        if seat in points or state.status[seat] != "eliminated" or seat == state.last_loser:
            lines.append(
                {
                    "seat": seat,
                    "name": state.names[seat],
                    "hand": sorted(state.hands[seat], key=hand_order),
                    "points": points.get(seat),
                    "total_points": state.scores[seat] if points else None,
                    "tokens": state.tokens[seat] if not points else None,
                }
            )
    return lines


def hand_points(state: State, seat: int) -> int:
    """D11b.4: cards in hand, 15 per card missing below four, 25 for going out."""
    hand = state.hands[seat]
    return sum(card_points(c) for c in hand) + 15 * max(0, HAND_SIZE - len(hand)) + 25 * state.busted[seat]


def score_points_round(state: State) -> None:
    """D11b.4-5: everyone still in the game scores their hand; then the target decides."""
    playing = [s for s in range(state.n) if state.status[s] != "eliminated"]
    points = {s: hand_points(state, s) for s in playing}
    for seat, p in points.items():
        state.scores[seat] += p
    lines = [
        msg("{name} +{points} ({total})", name=state.names[s], points=p, total=state.scores[s])
        for s, p in points.items()
    ]
    text = msg("Round over. {scores}.", scores=semicolons(lines))
    log(state, None, text)
    state.last_round = {
        "round": state.round,
        "loser": state.last_loser,
        "text": text,
        "lines": round_lines(state, points),
    }
    reached = [s for s in playing if state.scores[s] >= state.opts.target_points]  # A34: reaching = >=
    for seat in reached:
        eliminate(state, seat)
    remaining = [s for s in playing if s not in reached]
    if state.opts.scoring == "points_elimination":  # D11b.5 (i)
        if len(remaining) == 1:
            return finish(state, remaining)
        if not remaining:  # A33: everyone reached it at once: the lowest score wins
            return finish(state, lowest(state, reached))
    elif reached or state.tie_break:  # D11b.5 (ii): first to the target ends it; the lowest remaining score wins
        best = lowest(state, remaining or reached)
        if len(best) == 1 or state.opts.tie_rule == "share" or len(remaining) < 2:
            return finish(state, best)
        state.tie_break = True  # A33 play_on: another round, then the lowest score wins
    next_round_or_finish(state)


def lowest(state: State, seats: list[int]) -> list[int]:
    low = min(state.scores[s] for s in seats)
    return [s for s in seats if state.scores[s] == low]


def next_round_or_finish(state: State) -> None:
    """A30 / A4: a new deal, or the end when only one player is left in the game."""
    playing = [s for s in range(state.n) if state.status[s] != "eliminated"]
    if len(playing) == 1:
        return finish(state, playing)
    state.round += 1
    if state.opts.next_round_starter == "loser" and state.last_loser in playing:
        starter = state.last_loser
    else:
        state.dealer = first_seat(state, state.dealer)  # the deal passes left
        starter = first_seat(state, state.dealer)
    log(
        state,
        None,
        msg("Round {round}: new cards are dealt; {name} starts.", round=state.round, name=state.names[starter]),
    )
    deal(state, starter)


PERFORM = {"play": do_play, "draw": do_draw, "discard4": do_discard_four, "lay_down": do_lay_down, "bust": do_bust}
apply = applier(parse_action, check, PERFORM)


# --- What a seat sees -----------------------------------------------------------------------------


def waiting_for(state: State) -> list[int]:
    """The seats that may act now, the one to prompt first first: a player who owes a draw, then the
    seat in turn (with the draw-speed penalty both may act: whoever is quicker)."""
    if state.over:
        return []
    seats = [state.owed[0]] if state.owed else []
    if (not state.owed or state.opts.draw_speed_penalty) and state.turn not in seats:
        seats.append(state.turn)
    return seats


to_act = first_waiting(waiting_for)


def player_line(state: State, seat: int) -> dict[str, Any]:
    hand = state.hands[seat]
    return {
        "seat": seat,
        "name": state.names[seat],
        "status": state.status[seat],
        "hand_count": len(hand),
        "laid_down": sorted(state.laid_down[seat], key=hand_order),
        "tokens": state.tokens[seat] if state.opts.rounds and not state.opts.points else None,
        "score": state.scores[seat] if state.opts.points else None,
        "missing_cards": max(0, HAND_SIZE - len(hand) - owed_count(state, seat))
        if state.status[seat] != "eliminated"
        else 0,
    }


def owed_count(state: State, seat: int) -> int:
    return state.owed[1] if state.owed and state.owed[0] == seat else 0


def hand_line(state: State, seat: int, card: str) -> dict[str, Any]:
    block = play_block(state, seat, card)
    return {"card": card, "label": CARD_NAMES[card], "playable": block is None, "why": block.text if block else None}


def view(state: State, seat: int | None, brief: bool = False) -> View:
    """What `seat` may see: its own hand, public piles and counts. `None` is the public table.
    `brief` (for computer players) leaves out the history: events and the last round's summary."""
    top = state.discard[-1] if state.discard else None
    view = {
        "game": GAME_ID,
        "seat": seat,
        "version": state.opts.version,
        "rules": public_options(state.opts),  # what a searching bot plays by
        "dealer_seat": state.dealer,  # public (who deals the next round, 1980)
        "players": Said(player_line(state, s) for s in range(state.n)),  # plain values, made anew: not walked for words
        "total": state.total,
        "direction": "clockwise" if state.direction == 1 else "counterclockwise",
        "draw_count": len(state.draw_pile),
        "discard_count": len(state.discard),
        "discard_top": {"card": top, "label": CARD_NAMES[top]} if top else None,
        "turn": None if state.over else state.turn,
        "to_act": to_act(state),
        "waiting_for": waiting_for(state),
        "owed_draw": {"seat": state.owed[0], "count": state.owed[1]} if state.owed else None,
        "play2": {"seat": state.turn, "plays_left": 2 - state.plays_made}
        if state.obligated and not state.over
        else None,
        "round": state.round,
        "played_in_round": state.played_in_round,
        "hand": None
        if seat is None
        else [hand_line(state, seat, c) for c in sorted(state.hands[seat], key=hand_order)],
        "actions": actions_of(legal_actions, state, seat),
        "over": state.over,
        "result": result(state),
    }
    if not brief:  # a view is a copy: changing it changes no game
        view |= {
            "events": recent_events(state.events),
            "last_round": copied(state.last_round),
        }
    return view


def summary(state: State, seat: int | None) -> Text:
    """The whole table in a few sentences, for "Read the table": the total, whose turn and what they
    can do, everyone's cards, and the last move."""
    if state.over:
        return situation(msg("The game is over. {result}", result=result_text(state)), last_move(state.events))
    lines = [
        msg("Total {total}, play goes clockwise.", total=state.total)
        if state.direction == 1
        else msg("Total {total}, play goes counterclockwise.", total=state.total)
    ]
    if state.owed:
        owner, n = state.owed
        lines.append(
            plural("You must draw {n} card.", "You must draw {n} cards.", n)
            if owner == seat
            else plural("{name} must draw {n} card.", "{name} must draw {n} cards.", n, name=state.names[owner])
        )
    if seat is not None and seat == state.turn and not turn_block(state, seat):
        lines.append(your_turn(state, seat))
    else:
        if state.status[state.turn] == "in":
            lines.append(
                msg("Your turn.") if state.turn == seat else msg("{name}'s turn.", name=state.names[state.turn])
            )
        if seat is not None:
            lines.append(plural("You hold {n} card.", "You hold {n} cards.", len(state.hands[seat])))
    others = [s for s in range(state.n) if s != seat]
    holding = [
        plural("{name} has {n} card", "{name} has {n} cards", len(state.hands[s]), name=state.names[s])
        for s in others
        if state.status[s] == "in"
    ]
    if holding:
        lines.append(msg("{hands}.", hands=listed(holding)))
    gone = [state.names[s] for s in others if state.status[s] != "in"]
    if gone:
        lines.append(plural("{names} is out.", "{names} are out.", len(gone), names=listed(gone)))
    return situation(*lines, last_move(state.events))


def your_turn(state: State, seat: int) -> Message:
    """'Your turn: 4 cards in your hand, 2 can be played.' (none, all, or how many)."""
    hand = state.hands[seat]
    playable = sum(card_rule_block(state, c) is None for c in hand)
    if not playable:
        return plural(
            "Your turn: {n} card in your hand, none can be played.",
            "Your turn: {n} cards in your hand, none can be played.",
            len(hand),
        )
    if playable == len(hand):
        return plural(
            "Your turn: {n} card in your hand, all can be played.",
            "Your turn: {n} cards in your hand, all can be played.",
            len(hand),
        )
    return plural(
        "Your turn: {n} card in your hand, {playable} can be played.",
        "Your turn: {n} cards in your hand, {playable} can be played.",
        len(hand),
        playable=playable,
    )


def public_options(opts: Options) -> dict[str, Any]:
    """The options in force, for a view: the deck table (how many of each card, as the lobby shows
    it) under its own name, so that a view never names a deck order."""
    rules = options_shown(opts)
    rules["deck_counts"] = rules.pop("deck")
    return rules


def undo_block(state: State, seat: int, last: Action) -> Message | None:
    """Why the last action (by `seat`) cannot be taken back; None if it can. A play can be taken back
    until its draw, because until then nobody has seen a new card."""
    kind = last["type"]
    if (
        kind in ("play", "discard4")
        and state.owed
        and state.owed[0] == seat
        and not (kind == "discard4" and state.opts.four_ono_discard == "free_swap")
    ):
        return None
    if kind == "draw" or kind == "discard4":
        return msg("You have drawn a new card, so your move is final.")
    if kind == "bust":
        return msg("Busting drew you a new card, so it is final.")
    if kind == "lay_down":
        return msg("Your hand has been shown, so laying it down is final.")
    return msg("Another card has been played since, so your move is final.")


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {"winners": list(final_winners(state)), "text": result_text(state), "standings": standings(state)}


def result_text(state: State) -> Message:
    names = [state.names[s] for s in final_winners(state)]
    if len(names) == 1:
        return msg("{name} wins!", name=names[0])
    return msg("{names} share the win.", names=listed(names))


def standings(state: State) -> list[dict[str, Any]]:
    """Winners first; then, with points, lowest score first; otherwise the last out ranks highest."""
    winners = final_winners(state)
    others = [s for s in range(state.n) if s not in winners]
    if state.opts.points:
        others.sort(key=lambda s: state.scores[s])
    else:
        others.sort(key=lambda s: -state.out_order.index(s) if s in state.out_order else -len(state.out_order) - 1)
    lines, place = [], 1
    for rank, seat in enumerate(winners + others):
        place = 1 if seat in winners else rank + 1
        detail = (
            plural("{n} point", "{n} points", state.scores[seat])
            if state.opts.points
            else (
                msg("Winner")
                if seat in winners
                else out_place(state.out_order.index(seat) + 1)
                if seat in state.out_order
                else msg("Still in")
            )
        )
        lines.append({"seat": seat, "name": state.names[seat], "place": place, "detail": detail})
    return lines


OUT_PLACES = [
    msg("Out 1st"),
    msg("Out 2nd"),
    msg("Out 3rd"),
    msg("Out 4th"),
    msg("Out 5th"),
    msg("Out 6th"),
    msg("Out 7th"),
    msg("Out 8th"),
]  # at most 8 players


def out_place(n: int) -> Message:
    """'Out 1st': the n-th player out of the game (one whole message each, so a translator has the words)."""
    return OUT_PLACES[n - 1]


# --- Invariants (checked by the simulator and the property tests) ---------------------------------


def check_invariants(state: State) -> None:
    """Raise AssertionError if the state breaks a rule that must always hold."""
    cards = Counter(chain(state.draw_pile, state.discard, *state.hands, *state.laid_down))
    assert cards == Counter({c: n for c, n in state.opts.deck.items() if n}), "cards are not conserved"
    if state.opts.minus10_floor:
        assert state.total >= 0, f"total {state.total} went below zero"
    if not (state.opts.points and state.opts.bust_total_after == "keep"):
        assert not busts(state.opts, state.total), f"total {state.total} is over the limit"
    for seat in range(state.n):
        assert len(state.hands[seat]) <= HAND_SIZE, f"seat {seat} holds {len(state.hands[seat])} cards"
        if state.status[seat] == "eliminated" and not state.opts.rounds:
            assert not state.hands[seat], "an eliminated player still holds cards"
    if state.over:
        assert state.winners, "the game ended with no winner"
    else:
        assert state.status[state.turn] == "in", "the turn is with a player who is out"
        assert len(active_seats(state)) >= 2, "the game goes on with fewer than two players"
