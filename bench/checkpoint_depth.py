"""How deep a long game's save and checkpoint nest, and whether `load` takes them back.

    .venv/bin/python bench/checkpoint_depth.py own_trumps --players 2 --seeds 12

Bot games (Normal players); every 50 moves the record and a checkpoint are sent to `load` through
the JSON facade, as the page sends them. Prints how many loads were refused and the deepest request
(a request may nest at most api.MAX_DEPTH levels). Before rows of cards became flat messages, Own
Trumps seeds 0..11 gave 4 refusals and a depth of 64.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames_wasm import api


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=12)
    parser.add_argument("--moves", type=int, default=3000)
    args = parser.parse_args()
    refused, deepest, loads = 0, 0, 0
    for seed in range(args.seeds):
        seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(args.players)]
        handle = api.call("new_game", {"game": args.game, "seats": seats, "seed": seed})["handle"]
        for move in range(1, args.moves + 1):
            view = api.call("view", {"handle": handle, "seat": None})["view"]
            if view["over"]:
                break
            api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
            if move % 50:
                continue
            record = api.call("save", {"handle": handle})["record"]
            saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
            request = json.dumps({"method": "load", "params": {"record": record, "checkpoint": saved}})
            deepest, loads = max(deepest, api.nesting(request)), loads + 1
            reply = json.loads(api.handle(request))
            if "error" in reply or not reply["checkpoint_used"]:
                refused += 1
                break
            api.call("close", {"handle": reply["handle"]})
    print(
        f"{args.game}: {args.seeds} games, {loads} loads, {refused} refused; deepest request {deepest} "
        f"(limit {api.MAX_DEPTH})"
    )


if __name__ == "__main__":
    main()
