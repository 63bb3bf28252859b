"""ONO 99 in Punjabi and Gujarati: events, refusals, the table summary and the card names come out in
the language a request asks for (with the exact words of the catalogs), and the language changes
nothing in the game itself."""

import json

import pytest
from conftest import stacked_game, stacked_params, stacked_table

from pygames_wasm import api
from pygames_wasm.core.i18n import render, rendered
from pygames_wasm.games import ono99

# Ann holds 7, 3, Reverse and an ONO 99 card (which can never be played); Bob holds 5, 6, 8, 9.
HANDS = [["7", "3", "REV", "ONO"], ["5", "6", "8", "9"]]
DRAW = ["2", "4"]

WORDS = {
    "pa": {
        "summary": "ਕੁੱਲ 0, ਖੇਡ ਘੜੀ ਦੀ ਦਿਸ਼ਾ ਵਿੱਚ ਚੱਲ ਰਹੀ ਹੈ। ਤੁਹਾਡੀ ਵਾਰੀ: ਹੱਥ ਵਿੱਚ 4 ਕਾਰਡ, 3 ਖੇਡਣਯੋਗ। Bob ਕੋਲ 4 ਕਾਰਡ।",
        "labels": ["ਤਿੰਨ", "ਸੱਤ", "ONO 99", "ਰਿਵਰਸ"],
        "never": "ONO 99 ਕਾਰਡ ਕਦੇ ਵੀ ਨਹੀਂ ਖੇਡਿਆ ਜਾ ਸਕਦਾ।",
        "not_held": "ਤੁਹਾਡੇ ਹੱਥ ਵਿੱਚ ਰਿਵਰਸ ਨਹੀਂ ਹੈ।",
        "played": "Ann ਨੇ ਸੱਤ ਖੇਡਿਆ: ਕੁੱਲ 7।",
        "drew": "Ann ਨੇ 1 ਕਾਰਡ ਖਿੱਚਿਆ।",
        "draw_first": "ਪਹਿਲਾਂ Ann ਨੇ ਕਾਰਡ ਖਿੱਚਣਾ ਹੈ।",
        "top": "ਸੱਤ",
    },
    "gu": {
        "summary": "કુલ 0, રમત ઘડિયાળની દિશામાં ચાલે છે. તમારો વારો: હાથમાં 4 કાર્ડ, 3 રમી શકાય. Bob પાસે 4 કાર્ડ.",
        "labels": ["ત્રણ", "સાત", "ONO 99", "રિવર્સ"],
        "never": "ONO 99 કાર્ડ ક્યારેય રમી શકાતું નથી.",
        "not_held": "તમારા હાથમાં રિવર્સ નથી.",
        "played": "Ann એ સાત રમ્યું: કુલ 7.",
        "drew": "Ann એ 1 કાર્ડ દોર્યું.",
        "draw_first": "પહેલાં Ann એ કાર્ડ દોરવાનું છે.",
        "top": "સાત",
    },
}


@pytest.mark.parametrize("lang", ["pa", "gu"])
def test_a_turn_reads_in_the_players_language(lang):
    words = WORDS[lang]
    game = stacked_game(HANDS, DRAW)
    view = game.call("view", seat=0, lang=lang)["view"]
    assert game.call("read_table", seat=0, lang=lang)["text"] == words["summary"]
    assert [line["label"] for line in view["hand"]] == words["labels"]
    assert view["hand"][2]["why"] == words["never"]

    refused = game.call("act", seat=0, action={"type": "play", "card": "ONO"}, lang=lang)
    assert refused == {"error": {"code": "illegal_card", "message": words["never"]}}
    refused = game.call("act", seat=1, action={"type": "play", "card": "REV"}, lang=lang)
    assert refused == {"error": {"code": "not_in_hand", "message": words["not_held"]}}

    played = game.call("act", seat=0, action={"type": "play", "card": "7"}, lang=lang)
    assert [e["text"] for e in played["events"]] == [words["played"]]
    refused = game.call("act", seat=1, action={"type": "play", "card": "5"}, lang=lang)
    assert refused == {"error": {"code": "not_your_turn", "message": words["draw_first"]}}
    drew = game.call("act", seat=0, action={"type": "draw"}, lang=lang)
    assert [e["text"] for e in drew["events"]] == [words["drew"]]
    assert game.call("view", seat=1, lang=lang)["view"]["discard_top"] == {"card": "7", "label": words["top"]}


def test_english_is_unchanged_by_the_catalogs():
    game = stacked_game(HANDS, DRAW)
    view = game.view(0)
    assert (
        game.read_table(0) == "Total 0, play goes clockwise. Your turn: 4 cards in your hand, 3 can be played. "
        "Bob has 4 cards."
    )
    assert [line["label"] for line in view["hand"]] == ["Three", "Seven", "ONO 99", "Reverse"]
    assert [e["text"] for e in game.act(0, "play 7")] == ["Ann played Seven: total 7."]


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "pa",
            [
                "Bob ਕੋਲ ਕੁੱਲ 99 ਤੋਂ ਘੱਟ ਰੱਖਣ ਵਾਲਾ ਕੋਈ ਕਾਰਡ ਨਹੀਂ; ਸਾਰੇ ਕਾਰਡ ਸਾਹਮਣੇ ਰੱਖੇ: ਬਾਹਰ।",
                "Ann ਦੀ ਜਿੱਤ!",
                "ਨੌਂ ਨਾਲ ਕੁੱਲ 104 ਹੋ ਜਾਵੇਗਾ; ਕੁੱਲ 99 ਤੋਂ ਘੱਟ ਰਹਿਣਾ ਚਾਹੀਦਾ ਹੈ।",
                ["ਜੇਤੂ", "ਬਾਹਰ: ਪਹਿਲਾ"],
                "ਗੇਮ ਖਤਮ ਹੋ ਗਈ ਹੈ। Ann ਦੀ ਜਿੱਤ!",
            ],
        ),
        (
            "gu",
            [
                "Bob પાસે કુલ 99 થી ઓછો રાખે એવું કોઈ કાર્ડ નથી; હાથ નીચે મૂક્યો: બહાર.",
                "Ann ની જીત!",
                "નવ થી કુલ 104 થઈ જશે; કુલ 99 થી ઓછો રહેવો જોઈએ.",
                ["વિજેતા", "બહાર: પહેલો"],
                "રમત પૂરી થઈ ગઈ છે. Ann ની જીત!",
            ],
        ),
    ],
)
def test_the_end_of_a_game_reads_in_the_players_language(lang, words):
    laid_down, wins, too_high, details, over = words
    table = stacked_table([["0", "9", "9", "10"], ["9", "9", "8", "8"]], ["5"], total=95)
    with pytest.raises(ono99.GameError) as refused:
        ono99.apply(table.state, 0, {"type": "play", "card": "9"})
    assert render(refused.value.text, lang) == too_high
    table.play(0, "0")
    events = rendered(table.raw_view(None)["events"], lang)
    table.act(1, "lay_down")
    view = rendered(table.raw_view(None), lang)
    assert [e["text"] for e in view["events"][len(events) :]] == [laid_down, wins]
    assert view["result"]["text"] == wins
    assert [line["detail"] for line in view["result"]["standings"]] == details
    assert table.read_table(None, lang).startswith(over + " ")  # then "Last move: ...", a sentence of the core catalog


def test_the_language_changes_nothing_in_the_game():
    """The same moves asked for in English, Punjabi and Gujarati make the same game, move by move."""
    moves = [
        (0, {"type": "play", "card": "7"}),
        (0, {"type": "draw"}),
        (1, {"type": "play", "card": "9"}),
        (1, {"type": "draw"}),
        (0, {"type": "play", "card": "ONO"}),
        (0, {"type": "play", "card": "REV"}),
    ]
    games = {}
    for lang in ("en", "pa", "gu"):
        handle = api.call("new_game", stacked_params(HANDS, DRAW))["handle"]
        for seat, action in moves:
            for method in ("view", "legal_actions", "summary", "events"):
                api.call(method, {"handle": handle, "seat": seat, "lang": lang})
            api.call("act", {"handle": handle, "seat": seat, "action": action, "lang": lang})
        record = api.call("save", {"handle": handle})["record"]
        del record["id"]  # each new game has its own id
        games[lang] = json.dumps(
            [record, [api.call("view", {"handle": handle, "seat": s}) for s in (None, 0, 1)]], sort_keys=True
        )
        api.call("close", {"handle": handle})
    assert games["pa"] == games["en"] and games["gu"] == games["en"]


@pytest.mark.parametrize("lang", ["pa", "gu"])
def test_every_card_has_a_name_of_its_own(lang):
    names = {card: render(name, lang) for card, name in ono99.CARD_NAMES.items()}
    assert len(set(names.values())) == len(names)
    assert all(names[card] != render(ono99.CARD_NAMES[card]) for card in names if card != "ONO")  # a brand
