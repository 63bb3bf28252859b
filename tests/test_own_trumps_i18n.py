"""Own Trumps in Punjabi and Gujarati, through the API as the page asks (`lang`): a stacked deal whose
events, refusals, summary and card names come out in the words of docs/glossary-parts/{pa,gu}-own_trumps.md,
and `lang` changes only the words, never the game.

The stacked deal: Ann (seat 0) leads and takes spades, Bob takes hearts; Ann holds the 9♦ and the 8♠,
Bob the 7♥, the Q♣ and the A♠ (Ann's trump, an ordinary suit on Bob's turn). No sixes rule, so the
deal is exactly that.
"""

import pytest
from own_trumps_helpers import stacked_deck

from pygames_wasm import api

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
ANN, BOB = 0, 1


def new_game() -> str:
    deck = stacked_deck(2, {ANN: "9D 8S", BOB: "7H QC AS"}, leader=ANN)
    reply = api.call(
        "new_game",
        {
            "game": "own_trumps",
            "seats": SEATS,
            "seed": 1,
            "decks": [deck],
            "dealer": BOB,
            "options": {"pass_sixes": False},
        },
    )
    assert "error" not in reply, reply
    return reply["handle"]


def act(handle: str, seat: int, action: dict, lang: str = "en") -> list:
    reply = api.call("act", {"handle": handle, "seat": seat, "action": action, "lang": lang})
    assert "error" not in reply, reply
    return [e["text"] for e in reply["events"]]


def refusal(handle: str, seat: int, action: dict, lang: str) -> str:
    reply = api.call("act", {"handle": handle, "seat": seat, "action": action, "lang": lang})
    assert set(reply) == {"error"}, reply
    return reply["error"]["message"]


def summary(handle: str, seat: int, lang: str) -> str:
    return api.call("read_table", {"handle": handle, "seat": seat, "lang": lang})["text"]


EXPECTED = {
    "en": {
        "trumps": [
            "Ann chooses spades ♠ as trumps.",
            "Bob chooses hearts ♥ as trumps.",
            "The cards are dealt: 18 each.",
        ],
        "lead": ["Ann leads the 9♦."],
        "plain": "Q♣ does not beat 9♦: another suit, and clubs are not your trump.",
        "theirs": "A♠ does not beat 9♦: another suit, and spades are Ann's trump, not yours.",
        "summary": "Game 1 of 3. Trumps: Ann's spades and your hearts. Your turn. On top: Nine of diamonds, played by "
        "Ann, 1 card in the pile. You hold 18 cards and Ann holds 17 cards. Last move: Ann leads the 9♦.",
        "beat": ["Bob beats the 9♦ with the 7♥ and adds the Q♣."],
        "count": "You cannot choose how many cards to pick up: you take 3 (Q♣ is not one of your trumps: 3 cards, R8).",
        "pick_up": ["Ann picks up 3 cards: Q♣, 7♥ and 9♦."],
        "label": "Seven of hearts",
    },
    "pa": {
        "trumps": ["Ann ਨੇ ਹੁਕਮ ♠ ਨੂੰ ਟਰੰਪ ਚੁਣਿਆ।", "Bob ਨੇ ਪਾਨ ♥ ਨੂੰ ਟਰੰਪ ਚੁਣਿਆ।", "ਕਾਰਡ ਡੀਲ ਹੋ ਗਏ: ਹਰ ਇੱਕ ਨੂੰ 18।"],
        "lead": ["Ann ਨੇ 9♦ ਨਾਲ ਸ਼ੁਰੂਆਤ ਕੀਤੀ।"],
        "plain": "Q♣ 9♦ ਨੂੰ ਨਹੀਂ ਹਰਾਉਂਦਾ: ਹੋਰ ਸੂਟ ਹੈ, ਅਤੇ ਚਿੜੀ ਤੁਹਾਡਾ ਟਰੰਪ ਨਹੀਂ।",
        "theirs": "A♠ 9♦ ਨੂੰ ਨਹੀਂ ਹਰਾਉਂਦਾ: ਹੋਰ ਸੂਟ ਹੈ, ਅਤੇ ਹੁਕਮ Ann ਦਾ ਟਰੰਪ ਹੈ, ਤੁਹਾਡਾ ਨਹੀਂ।",
        "summary": "ਖੇਡ 1 (3 ਵਿੱਚੋਂ)। ਟਰੰਪ: ਹੁਕਮ Ann ਲਈ ਅਤੇ ਪਾਨ ਤੁਹਾਡੇ ਲਈ। ਤੁਹਾਡੀ ਵਾਰੀ। ਸਿਖਰ 'ਤੇ: ਇੱਟ ਦਾ ਨਹਿਲਾ "
        "(Ann ਵੱਲੋਂ), ਢੇਰ ਵਿੱਚ 1 ਕਾਰਡ। ਤੁਹਾਡੇ ਕੋਲ 18 ਕਾਰਡ ਅਤੇ Ann ਕੋਲ 17 ਕਾਰਡ। ਆਖ਼ਰੀ ਚਾਲ: Ann ਨੇ 9♦ "
        "ਨਾਲ ਸ਼ੁਰੂਆਤ ਕੀਤੀ।",
        "beat": ["Bob ਨੇ 9♦ ਨੂੰ 7♥ ਨਾਲ ਹਰਾਇਆ ਅਤੇ ਉੱਤੇ Q♣ ਰੱਖਿਆ।"],
        "count": "ਕਿੰਨੇ ਕਾਰਡ ਚੁੱਕਣੇ ਹਨ, ਇਹ ਤੁਸੀਂ ਨਹੀਂ ਚੁਣ ਸਕਦੇ: ਤੁਸੀਂ 3 ਚੁੱਕਦੇ ਹੋ (Q♣ ਤੁਹਾਡਾ ਟਰੰਪ ਨਹੀਂ: 3 ਕਾਰਡ, R8)।",
        "pick_up": ["Ann ਨੇ 3 ਕਾਰਡ ਚੁੱਕੇ: Q♣, 7♥ ਅਤੇ 9♦।"],
        "label": "ਪਾਨ ਦਾ ਸੱਤਾ",
    },
    "gu": {
        "trumps": ["Ann કાળી ♠ને હુકમ તરીકે પસંદ કરે છે.", "Bob લાલ ♥ને હુકમ તરીકે પસંદ કરે છે.", "કાર્ડ ડીલ થયાં: દરેકને 18."],
        "lead": ["Ann 9♦થી શરૂઆત કરે છે."],
        "plain": "Q♣ 9♦ને હરાવતું નથી: બીજો સૂટ છે, અને ફુલ્લી તમારો હુકમ નથી.",
        "theirs": "A♠ 9♦ને હરાવતું નથી: બીજો સૂટ છે, અને કાળી Annનો હુકમ છે, તમારો નહીં.",
        "summary": "રમત 1 (3માંથી). હુકમ: Ann માટે કાળી અને તમારા માટે લાલ. તમારો વારો. ટોચ પર: ચોકટનો નવ્વો "
        "(Ann તરફથી), ઢગલામાં 1 કાર્ડ. તમારી પાસે 18 કાર્ડ અને Ann પાસે 17 કાર્ડ. છેલ્લી ચાલ: Ann 9♦થી "
        "શરૂઆત કરે છે.",
        "beat": ["Bob 9♦ને 7♥થી હરાવે છે અને ઉપર Q♣ મૂકે છે."],
        "count": "કેટલાં કાર્ડ ઉપાડવાં તે તમે પસંદ ન કરી શકો: તમે 3 ઉપાડો છો (Q♣ તમારો હુકમ નથી: 3 કાર્ડ, R8).",
        "pick_up": ["Ann 3 કાર્ડ ઉપાડે છે: Q♣, 7♥ અને 9♦."],
        "label": "લાલનો સત્તો",
    },
}


@pytest.mark.parametrize("lang", ["en", "pa", "gu"])
def test_a_stacked_game_in_each_language(lang):
    words = EXPECTED[lang]
    handle = new_game()
    assert (
        act(handle, ANN, {"type": "trump", "suit": "S"}, lang) + act(handle, BOB, {"type": "trump", "suit": "H"}, lang)
        == words["trumps"]
    )
    assert act(handle, ANN, {"type": "lead", "card": "9D"}, lang) == words["lead"]
    assert refusal(handle, BOB, {"type": "beat", "card": "QC", "add": "7H"}, lang) == words["plain"]
    assert refusal(handle, BOB, {"type": "beat", "card": "AS", "add": "7H"}, lang) == words["theirs"]
    assert summary(handle, BOB, lang) == words["summary"]
    hand = api.call("view", {"handle": handle, "seat": BOB, "lang": lang})["view"]["hand"]
    assert next(c["label"] for c in hand if c["card"] == "7H") == words["label"]
    assert next(c["why"] for c in hand if c["card"] == "QC") == words["plain"]  # the hand says it before a tap
    assert act(handle, BOB, {"type": "beat", "card": "7H", "add": "QC"}, lang) == words["beat"]
    assert refusal(handle, ANN, {"type": "pick_up", "count": 5}, lang) == words["count"]
    assert act(handle, ANN, {"type": "pick_up"}, lang) == words["pick_up"]


def test_the_lobby_names_the_game_its_options_and_rules_in_each_language():
    def own_trumps(lang):
        return next(g for g in api.call("list_games", {"lang": lang})["games"] if g["id"] == "own_trumps")

    english, punjabi, gujarati = own_trumps("en"), own_trumps("pa"), own_trumps("gu")
    assert (english["title"], punjabi["title"], gujarati["title"]) == ("Own Trumps", "ਆਪਣੇ ਟਰੰਪ", "પોતપોતાનો હુકમ")
    assert punjabi["rules_summary"][0]["heading"] == "ਕਾਰਡ ਅਤੇ ਟਰੰਪ"
    assert gujarati["options"][0]["label"] == "છક્કા તેમના હુકમવાળાને જાય"
    for info in (punjabi, gujarati):  # only the words differ
        assert [o["key"] for o in info["options"]] == [o["key"] for o in english["options"]]
        assert [p["options"] for p in info["presets"]] == [p["options"] for p in english["presets"]]


def test_lang_changes_no_game():
    """The same moves asked in three languages (and views, refusals and summaries read in between)
    make the same game: the same record, and the same English views."""
    moves = [
        (ANN, {"type": "trump", "suit": "S"}),
        (BOB, {"type": "trump", "suit": "H"}),
        (ANN, {"type": "lead", "card": "9D"}),
        (BOB, {"type": "beat", "card": "7H", "add": "QC"}),
        (ANN, {"type": "pick_up"}),
    ]
    games = {}
    for lang in ("en", "pa", "gu"):
        handle = new_game()
        for seat, action in moves:
            api.call("view", {"handle": handle, "seat": seat, "lang": lang})
            api.call("explain", {"handle": handle, "seat": 1 - seat, "action": action, "lang": lang})
            act(handle, seat, action, lang)
        games[lang] = handle
    records = {lang: api.call("save", {"handle": h})["record"] for lang, h in games.items()}
    for record in records.values():
        del record["id"]  # each match's own random id
    views = {
        lang: [api.call("view", {"handle": h, "seat": s})["view"] for s in (None, ANN, BOB)]
        for lang, h in games.items()
    }
    assert records["pa"] == records["en"] == records["gu"]
    assert views["pa"] == views["en"] == views["gu"]
