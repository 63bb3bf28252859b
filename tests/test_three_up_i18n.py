"""3UP 3DOWN in Punjabi and Gujarati through the JSON API: a stacked game whose event, refusals and
"Read the table" summary come out in the requested language with the exact words (card names
included), and the language a request asks for changes nothing in the game."""

import pytest
from test_three_up_api import Game


def stacked() -> Game:
    """Ann (seat 0) holds Red 7, Blue 4, Green Clear +1; Bob (seat 1) Blue 7, Blue 2, Blue 3. Ann plays
    the Red 7 and draws back up to three (the Green 1); then it is Bob's turn on a 7."""
    return Game(up=["R10 B10 G10", "R9 B9 G9"], hand=["R7 B4 GC+1", "B7 B2 B3"], draw="G1 G2 G3 G4")


def play_seven(g: Game, lang: str) -> list:
    played = g.call("act", seat=0, action="play R7", lang=lang)
    assert "error" not in played, played
    refilled = g.call("act", seat=0, action="refill", lang=lang)
    assert "error" not in refilled, refilled
    return [e["text"] for e in played["events"] + refilled["events"]]


EXPECTED = {
    "en": {
        "events": ["Ann played Red 7.", "Ann drew 1 card."],
        "low": "A 2 cannot go on a 7: play a 7 or higher, or a Clear.",
        "not_held": "You do not have the Red 10 in your hand.",
        "mixed": "Cards played together must be one number: 2s and 3s do not mix.",
        "summary": "Your turn. Pile: 1 card, Red 7 on top. Draw pile: 55 cards. You: 3 in hand; face up Red 9, "
        "Blue 9 and Green 9; 3 face down. Ann: 3 in hand; face up Red 10, Blue 10 and Green 10; 3 face "
        "down. Last move: Ann drew 1 card.",
        "why": "It is Bob's turn.",
        "up": ["Red 9", "Blue 9", "Green 9"],
    },
    "pa": {
        "events": ["Ann ਨੇ ਲਾਲ 7 ਖੇਡਿਆ।", "Ann ਨੇ 1 ਕਾਰਡ ਖਿੱਚਿਆ।"],
        "low": "2 ਨੂੰ 7 'ਤੇ ਨਹੀਂ ਖੇਡ ਸਕਦੇ: 7 ਜਾਂ ਵੱਧ ਖੇਡੋ, ਜਾਂ ਕਲੀਅਰ।",
        "not_held": "ਤੁਹਾਡੇ ਹੱਥ ਵਿੱਚ ਲਾਲ 10 ਨਹੀਂ ਹੈ।",
        "mixed": "ਇਕੱਠੇ ਖੇਡੇ ਕਾਰਡ ਇੱਕੋ ਨੰਬਰ ਦੇ ਹੋਣ: 2 ਅਤੇ 3 ਰਲ਼ ਨਹੀਂ ਸਕਦੇ।",
        "summary": "ਤੁਹਾਡੀ ਵਾਰੀ। ਢੇਰ: 1 ਕਾਰਡ, ਸਿਖਰ 'ਤੇ ਲਾਲ 7। ਡਰਾਅ ਦਾ ਢੇਰ: 55 ਕਾਰਡ। ਤੁਸੀਂ: ਹੱਥ ਵਿੱਚ 3; ਫੇਸ-ਅੱਪ ਲਾਲ 9, "
        "ਨੀਲਾ 9 ਅਤੇ ਹਰਾ 9; ਫੇਸ-ਡਾਊਨ 3। Ann: ਹੱਥ ਵਿੱਚ 3; ਫੇਸ-ਅੱਪ ਲਾਲ 10, ਨੀਲਾ 10 ਅਤੇ ਹਰਾ 10; ਫੇਸ-ਡਾਊਨ 3। "
        "ਆਖ਼ਰੀ ਚਾਲ: Ann ਨੇ 1 ਕਾਰਡ ਖਿੱਚਿਆ।",
        "why": "Bob ਦੀ ਵਾਰੀ ਹੈ।",
        "up": ["ਲਾਲ 9", "ਨੀਲਾ 9", "ਹਰਾ 9"],
    },
    "gu": {
        "events": ["Ann એ લાલ 7 રમ્યું.", "Ann એ 1 કાર્ડ દોર્યું."],
        "low": "2 ને 7 પર ન રમાય: 7 કે વધુ રમો, અથવા ક્લિયર.",
        "not_held": "તમારા હાથમાં લાલ 10 નથી.",
        "mixed": "સાથે રમાતા કાર્ડ એક જ નંબરના હોય: 2 અને 3 ભેગા ન થાય.",
        "summary": "તમારો વારો. ઢગલો: 1 કાર્ડ, ટોચે લાલ 7. દોરવાનો ઢગલો: 55 કાર્ડ. તમે: હાથમાં 3; ખુલ્લા લાલ 9, "
        "વાદળી 9 અને લીલો 9; ઊંધા 3. Ann: હાથમાં 3; ખુલ્લા લાલ 10, વાદળી 10 અને લીલો 10; ઊંધા 3. "
        "છેલ્લી ચાલ: Ann એ 1 કાર્ડ દોર્યું.",
        "why": "Bob નો વારો છે.",
        "up": ["લાલ 9", "વાદળી 9", "લીલો 9"],
    },
}


@pytest.mark.parametrize("lang", ["en", "pa", "gu"])
def test_an_event_refusals_and_the_summary_in_each_language(lang):
    g = stacked()
    words = EXPECTED[lang]
    assert play_seven(g, lang) == words["events"]
    refusals = {"low": "play B2", "not_held": "play R10", "mixed": "play B2 B3"}
    for key, action in refusals.items():
        reply = g.call("act", seat=1, action=action, lang=lang)
        assert reply["error"]["message"] == words[key], key
        assert g.call("explain", seat=1, action=action, lang=lang) == {"legal": False, "why": words[key]}
    bob = g.call("view", seat=1, lang=lang)["view"]
    assert g.call("read_table", seat=1, lang=lang)["text"] == words["summary"]
    assert [line["label"] for line in bob["my_up"]] == words["up"]
    ann = g.call("view", seat=0, lang=lang)["view"]
    assert {line["why"] for line in ann["hand"]} == {words["why"]}  # why Ann's cards cannot be played now
    assert bob["events"][-1]["text"] == words["events"][-1]


def test_card_names_and_a_clear_in_punjabi_and_gujarati():
    g = stacked()
    play_seven(g, "en")
    g.act(1, "play B7")
    g.act(1, "refill")
    pa = g.call("act", seat=0, action="play GC+1", lang="pa")["events"]
    assert pa[0]["text"] == "Ann ਨੇ ਹਰਾ ਕਲੀਅਰ +1 ਖੇਡਿਆ: ਢੇਰ ਖੇਡ ਤੋਂ ਹਟ ਗਿਆ; 1 ਵਾਧੂ ਕਾਰਵਾਈ ਬਾਕੀ।"
    gu = g.call("view", seat=0, lang="gu")["view"]
    assert gu["events"][-1]["text"] == "Ann એ લીલો ક્લિયર +1 રમ્યું: ઢગલો રમતમાંથી બહાર; 1 વધારાની ચાલ બાકી."
    assert gu["owed_text"] == "1 વધુ કાર્ડ રમો: કોઈ પણ કાર્ડ, અથવા પહેલાં દોરો."
    assert g.call("view", seat=0, lang="pa")["view"]["owed_text"] == "1 ਹੋਰ ਕਾਰਡ ਖੇਡੋ: ਕੋਈ ਵੀ ਕਾਰਡ, ਜਾਂ ਪਹਿਲਾਂ ਖਿੱਚੋ।"


def test_the_language_changes_no_game_state():
    g = stacked()
    play_seven(g, "pa")
    english = stacked()
    play_seven(english, "en")
    assert g.call("save")["record"]["actions"] == english.call("save")["record"]["actions"]
    before = g.snapshot()
    for lang in ("pa", "gu", "pa-IN", "GU"):
        g.call("view", seat=1, lang=lang)
        g.call("view", seat=None, lang=lang)
        g.call("explain", seat=1, action="play B2", lang=lang)
        assert "error" in g.call("act", seat=1, action="play B2", lang=lang)
        g.call("legal_actions", seat=1, lang=lang)
    assert g.snapshot() == before
    # The same view in every language differs only in its words: every card code, count and choice agrees.
    views = {lang: g.call("view", seat=1, lang=lang)["view"] for lang in ("en", "pa", "gu")}
    for lang in ("pa", "gu"):
        assert views[lang]["actions"] == views["en"]["actions"]
        for key in ("hand", "my_up", "my_down", "players", "pile", "options", "scores", "turn", "to_act"):
            assert _codes(views[lang][key]) == _codes(views["en"][key]), (lang, key)
        said = {code: g.call("read_table", seat=1, lang=code)["text"] for code in ("en", lang)}
        assert views[lang]["hand"] and said[lang] != said["en"]


def _codes(value):
    """A view part without its words (labels, reasons): the cards and numbers only."""
    if isinstance(value, dict):
        return {k: _codes(v) for k, v in value.items() if k not in ("label", "why")}
    if isinstance(value, list):
        return [_codes(v) for v in value]
    return value
