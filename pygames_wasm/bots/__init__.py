"""Computer players, by game and kind. A bot is a function (view, rng) -> action: it sees only
its seat's view (which lists its legal actions), never the hidden cards."""

from . import canasta_bot, ono99_bot, own_trumps_bot, random_bot, three_up_bot

BOTS = {
    "ono99": {"random": random_bot.choose, "heuristic": ono99_bot.choose},
    "canasta": {"random": random_bot.choose, "heuristic": canasta_bot.choose},
    "three_up": {"random": random_bot.choose, "heuristic": three_up_bot.choose},
    "own_trumps": {"random": random_bot.choose, "heuristic": own_trumps_bot.choose},
}
