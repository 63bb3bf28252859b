"""Canasta in Punjabi and Gujarati through the API: a stacked deal whose events, refusals, summary and
rules come out in the words of the glossaries (docs/glossary-parts/{pa,gu}-canasta.md), card names
included; and the language is only a way of showing the game: it changes nothing in it."""

import pytest
from canasta_helpers import NAMES, stacked_deck

from pygames_wasm import api

# North (seat 0) holds three kings, three queens and two nines; the upcard is the 9♣; the stock's next card is the 4♣.
DECK = stacked_deck({0: "KH KS KD QH QS QD 9H 9S"}, pile="9C", draw="4C")


def new_game() -> str:
    return api.call(
        "new_game",
        {
            "game": "canasta",
            "seats": [{"name": n, "kind": "human"} for n in NAMES],
            "seed": 1,
            "deck": DECK,
            "dealer": 3,
        },
    )["handle"]


def act(handle: str, seat: int, action: str, lang: str) -> dict:
    return api.call("act", {"handle": handle, "seat": seat, "action": action, "lang": lang})


WORDS = {
    "pa": {
        "draws": "North ਨੇ ਸਟਾਕ ਤੋਂ ਕਾਰਡ ਖਿੱਚਿਆ।",
        "not_held": "ਤੁਹਾਡੇ ਕੋਲ ਪਾਨ ਦਾ ਪੰਜਾ ਨਹੀਂ ਹੈ।",
        "wrong_rank": "ਢੇਰ ਦੇ 9♣ ਨਾਲ ਸਿਰਫ਼ ਨਹਿਲਿਆਂ ਨੂੰ ਜਾਂ ਵਾਈਲਡ ਕਾਰਡਾਂ ਨੂੰ ਮਿਲਾਇਆ ਜਾ ਸਕਦਾ ਹੈ।",
        "not_your_turn": "ਇਹ North ਦੀ ਵਾਰੀ ਹੈ।",
        "not_an_action": "'fly' ਕੈਨਾਸਟਾ ਦੀ ਚਾਲ ਨਹੀਂ ਹੈ।",
        "melds": "North ਨੇ K♠ K♥ K♦, Q♠ Q♥ Q♦ ਦਾ ਮੇਲਡ ਬਣਾਇਆ (ਟੀਮ ਦਾ ਪਹਿਲਾ ਮੇਲਡ)।",
        "discards": "North ਨੇ 4♣ ਸੁੱਟਿਆ।",
        "summary": "ਦੌਰ 1। ਸਕੋਰ: ਉੱਤਰ-ਦੱਖਣ 0, ਪੂਰਬ-ਪੱਛਮ 0। ਤੁਹਾਡੀ ਵਾਰੀ: ਸਟਾਕ ਤੋਂ ਖਿੱਚੋ ਜਾਂ ਢੇਰ ਚੁੱਕੋ। "
        "ਰੱਦੀ ਦਾ ਢੇਰ: 2 ਕਾਰਡ, ਉੱਪਰ ਚਿੜੀ ਦਾ ਚੌਕਾ। ਸਟਾਕ: 62 ਕਾਰਡ। ਤੁਹਾਡੇ ਕੋਲ 11 ਕਾਰਡ ਹਨ। "
        "North ਕੋਲ 5 ਕਾਰਡ ਹਨ, South ਕੋਲ 11 ਕਾਰਡ ਹਨ ਅਤੇ West ਕੋਲ 11 ਕਾਰਡ ਹਨ। "
        "ਉੱਤਰ-ਦੱਖਣ ਦੇ ਮੇਲਡ: ਬਾਦਸ਼ਾਹਾਂ ਦੇ 3 ਕਾਰਡ ਅਤੇ ਬੇਗੀਆਂ ਦੇ 3 ਕਾਰਡ। ਪੂਰਬ-ਪੱਛਮ ਦੇ ਮੇਲਡ: ਕੋਈ ਨਹੀਂ। "
        "ਆਖ਼ਰੀ ਚਾਲ: North ਨੇ 4♣ ਸੁੱਟਿਆ।",
        "title": "ਕੈਨਾਸਟਾ",
        "team": "ਉੱਤਰ-ਦੱਖਣ",
    },
    "gu": {
        "draws": "North સ્ટોકમાંથી દોરે છે.",
        "not_held": "તમારી પાસે લાલનો પંજો નથી.",
        "wrong_rank": "ખૂંટાના 9♣ સાથે ફક્ત નવ્વા અને વાઇલ્ડ કાર્ડ જઈ શકે.",
        "not_your_turn": "આ Northનો વારો છે.",
        "not_an_action": "'fly' કેનાસ્ટાની ચાલ નથી.",
        "melds": "North K♠ K♥ K♦, Q♠ Q♥ Q♦ મેલ્ડ કરે છે (ટીમનો પહેલો મેલ્ડ).",
        "discards": "North 4♣ કાઢી નાખે છે.",
        "summary": "રાઉન્ડ 1. સ્કોર: ઉત્તર-દક્ષિણ 0, પૂર્વ-પશ્ચિમ 0. તમારો વારો: સ્ટોકમાંથી દોરો અથવા ખૂંટો લો. "
        "કાઢી નાખવાનો ખૂંટો: 2 કાર્ડ, ટોચ પર ફુલ્લીનો ચોગ્ગો. સ્ટોક: 62 કાર્ડ. તમારી પાસે 11 કાર્ડ છે. "
        "North પાસે 5 કાર્ડ છે, South પાસે 11 કાર્ડ છે અને West પાસે 11 કાર્ડ છે. "
        "ઉત્તર-દક્ષિણના મેલ્ડ: રાજાના 3 કાર્ડ અને રાણીના 3 કાર્ડ. પૂર્વ-પશ્ચિમના મેલ્ડ: કોઈ નહીં. "
        "છેલ્લી ચાલ: North 4♣ કાઢી નાખે છે.",
        "title": "કેનાસ્ટા",
        "team": "ઉત્તર-દક્ષિણ",
    },
}


@pytest.mark.parametrize("lang", ["pa", "gu"])
def test_a_turn_in_the_players_language(lang):
    words = WORDS[lang]
    handle = new_game()
    assert act(handle, 1, "draw", lang)["error"] == {"code": "not_your_turn", "message": words["not_your_turn"]}
    assert act(handle, 0, "fly", lang)["error"] == {"code": "bad_action", "message": words["not_an_action"]}
    explained = api.call("explain", {"handle": handle, "seat": 0, "action": "take_pile 9H KH", "lang": lang})
    assert explained == {"legal": False, "why": words["wrong_rank"]}
    assert [e["text"] for e in act(handle, 0, "draw", lang)["events"]] == [words["draws"]]
    assert act(handle, 0, "discard 5H", lang)["error"] == {"code": "illegal_action", "message": words["not_held"]}
    assert [e["text"] for e in act(handle, 0, "meld KH KS KD | QH QS QD", lang)["events"]] == [words["melds"]]
    assert [e["text"] for e in act(handle, 0, "discard 4C", lang)["events"]] == [words["discards"]]
    view = api.call("view", {"handle": handle, "seat": 1, "lang": lang})["view"]
    assert api.call("read_table", {"handle": handle, "seat": 1, "lang": lang})["text"] == words["summary"]
    assert view["teams"][0]["name"] == words["team"]
    assert view["hand"][0]["label"] != api.call("view", {"handle": handle, "seat": 1})["view"]["hand"][0]["label"]
    info = api.call("list_games", {"lang": lang})
    assert words["title"] in str(info)
    api.call("close", {"handle": handle})


def test_every_rules_heading_and_option_label_is_translated():
    en = api.call("list_games", {})
    for lang in ("pa", "gu"):
        other = api.call("list_games", {"lang": lang})
        canasta_en = next(g for g in en["games"] if g["id"] == "canasta")
        canasta = next(g for g in other["games"] if g["id"] == "canasta")
        for a, b in zip(canasta_en["rules_summary"], canasta["rules_summary"]):
            assert a["heading"] != b["heading"] and a["text"] != b["text"]
        for a, b in zip(canasta_en["options"], canasta["options"]):
            assert a["label"] != b["label"] and a["help"] != b["help"]


def test_the_language_changes_no_game():
    one, two = new_game(), new_game()
    for handle, langs in ((one, ["en"] * 4), (two, ["pa", "gu", "pa", "en"])):
        act(handle, 0, "draw", langs[0])
        act(handle, 0, "meld KH KS KD | QH QS QD", langs[1])
        act(handle, 0, "discard 5H", langs[2])  # refused: the game is as it was
        act(handle, 0, "discard 4C", langs[3])
        for lang in ("pa", "gu"):
            api.call("view", {"handle": handle, "seat": 1, "lang": lang})
    records = [api.call("save", {"handle": h})["record"] for h in (one, two)]
    assert [{k: v for k, v in r.items() if k != "id"} for r in records] == [
        {k: v for k, v in records[0].items() if k != "id"}
    ] * 2  # the same game but for the match's own id
    assert api.call("view", {"handle": one, "seat": None}) == api.call("view", {"handle": two, "seat": None})
    saved = [api.call("checkpoint", {"handle": h})["checkpoint"] for h in (one, two)]
    assert saved[0]["state"] == saved[1]["state"]
    for handle in (one, two):
        api.call("close", {"handle": handle})
