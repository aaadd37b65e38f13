"""The zones kit (game/ui/kit/zones.py): rects, hits and drawing of its pieces, headless."""
import pygame

from game.ui.kit import Counter, Fan, Grid, Pawn, Pile, Row, Token, Zones, card_size


def test_a_growing_grid_adds_columns_to_fill_its_width_then_rows():
    places = [("tableau", 0, i) for i in range(7)]
    grid = Grid(places, pygame.Rect(0, 0, 300, 400), (60, 86), gap=10)
    assert grid.cols == 4 and grid.rows() == 2          # (300 + 10) // 70 = 4 columns
    assert grid.rects()[places[4]].topleft == (0, 96)
    fixed = Grid(places, pygame.Rect(0, 0, 300, 400), (60, 86), cols=2, gap=10)
    assert fixed.rows() == 4


def test_a_row_overlaps_its_cards_only_when_the_rect_is_too_narrow():
    wide = Row([("last", i) for i in range(3)], pygame.Rect(0, 0, 400, 100), (60, 86), gap=6)
    xs = [r.x for r in wide.rects().values()]
    assert xs[1] - xs[0] == 66
    narrow = Row([("last", i) for i in range(5)], pygame.Rect(0, 0, 160, 100), (60, 86), gap=6)
    rects = list(narrow.rects().values())
    assert rects[0].x >= 0 and rects[-1].right <= 160


def test_zones_hit_the_topmost_place_and_skip_what_is_not_touchable():
    zones = Zones((800, 600))
    zones.add("deck", Pile(("deck",), pygame.Rect(10, 10, 70, 100), "Deck", 30))
    fan = zones.add("hand", Fan([("hand", 0, c) for c in (5, 6, 7)], pygame.Rect(100, 300, 300, 120),
                                card_size(100)))
    backs = zones.add("backs", Fan([("back", 1, i) for i in range(3)], pygame.Rect(100, 10, 200, 80),
                                   card_size(70)))
    backs.touchable = False
    assert zones.hit((20, 20)) == ("deck",)
    last = fan.rects()[("hand", 0, 7)]
    assert zones.hit(last.center) == ("hand", 0, 7)       # the card on top wins where they overlap
    assert zones.hit(next(iter(backs.rects().values())).center) is None
    assert zones.rect(("deck",)) == pygame.Rect(10, 10, 70, 100)
    assert zones.hit(None) is None


def test_counters_pawns_and_tokens_draw_words_and_are_never_hit():
    pygame.font.init()
    surf = pygame.Surface((300, 200))
    for piece in (Counter(pygame.Rect(0, 0, 120, 24), "Total", 49, note="/ 100"),
                  Pawn((150, 100), 12, "D"), Token(pygame.Rect(200, 50, 60, 86), "owe 2")):
        before = pygame.image.tobytes(surf, "RGB")
        piece.draw(surf)
        assert pygame.image.tobytes(surf, "RGB") != before     # it drew something
        assert piece.hit((150, 100)) is None


def test_a_stepper_over_numbers_stops_at_its_ends_and_one_over_words_goes_round():
    """The playtest: the match-length stepper wrapped from 1 round to 20."""
    from game.ui.widgets import Stepper
    seen = []
    rounds = Stepper([(n, f"{n} rounds") for n in (1, 3, 5, 20)], 0, seen.append)
    rounds.step(-1)
    assert rounds.value == 1 and seen == []             # no jump to 20
    for _ in range(6):
        rounds.step(1)
    assert rounds.value == 20 and seen == [3, 5, 20]    # and none back to 1
    kinds = Stepper([("human", "Human"), ("ai", "Computer")], 1, seen.append)
    kinds.step(1)
    assert kinds.value == "human"                       # two words: a toggle goes round
