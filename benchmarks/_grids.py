"""Grid builders shared by the benchmarks and used to make docs/examples/.

Not a benchmark itself. ``build()`` is a small seeded crossword builder: it
starts from one word and keeps adding common words that cross the grid, so
that every run of two or more tiles is one of the placed words, until the
grid holds exactly the number of tiles asked for, never more of a letter than
the 120-tile set holds. ``place_open_tiles()`` then turns chosen letter tiles
into open jokers (``?``) and the Bandit (``!``); the letters they replaced are
always one solution, so a valid letter grid stays valid.

Run ``PYTHONPATH=src python benchmarks/_grids.py`` to print the grids the
benchmarks use (and the ones docs/examples/ was made from).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from mixmo.engine.grid import Direction, Grid, Word  # noqa: E402
from mixmo.engine.lexicon import Lexicon, embedded  # noqa: E402
from mixmo.engine.tiles import BANDIT, BANDIT_LETTERS, JOKER, TILE_DISTRIBUTION, Tile  # noqa: E402

Cell = tuple[int, int]

# Common words, so that the grids read well; each is checked against the
# lexicon before use. The French words are accent-folded (ETE = été).
COMMON_EN = """
ABLE ABOUT ABOVE ACT ADD AGE AGO AIR ALL AND ANT APPLE ARM ART ASK BAG BAKE BALL
BAND BANK BASE BATH BEACH BEAN BEAR BEAT BED BEE BELL BEST BIRD BITE BLUE BOAT
BODY BONE BOOK BOOT BORN BOTH BOX BOY BREAD BRING BROWN BUS BUSY BUT BUY CAKE
CALL CAME CAMP CAN CAR CARD CARE CAT CHAIR CHEESE CITY CLEAN CLOCK CLOUD COAT
COLD COME COOK CORN COST COW CUP CUT DARK DATE DAY DEAR DEEP DESK DINNER DOG
DOOR DOWN DRAW DREAM DRESS DRINK DRIVE DUCK EACH EAR EARLY EARTH EAST EASY EAT
EGG EIGHT END EVEN EYE FACE FACT FAIR FALL FAR FARM FAST FAT FEED FEEL FEET FEW
FIELD FILL FIND FINE FIRE FISH FIVE FLAG FLOOR FLY FOOD FOOT FOR FORK FOUR FOX
FREE FRIEND FROG FRONT FRUIT FUN GAME GARDEN GATE GIFT GIRL GIVE GLAD GLASS GOAT
GOLD GOOD GRASS GREAT GREEN GROUND GROW HAIR HALF HAND HAPPY HARD HAT HEAD HEAR
HEART HELP HEN HERE HILL HOLD HOME HOPE HORSE HOT HOUR HOUSE HUNT ICE IDEA INK
IRON ISLAND JAM JOB JOIN JOKE JUMP JUST KEEP KEY KIND KING KITE LADY LAKE LAMP
LAND LATE LEAF LEARN LEFT LEG LEMON LESS LETTER LIGHT LINE LION LIST LITTLE LIVE
LONG LOOK LOST LOUD LOVE LOW LUNCH MAKE MAN MANY MAP MARK MEAT MEET MILK MIND
MONEY MONTH MOON MORE MOTHER MOUSE MOUTH MUCH MUSIC NAME NEAR NECK NEED NEST NET
NEW NEWS NICE NIGHT NINE NOISE NORTH NOSE NOTE NUT OCEAN OLD ONE OPEN ORANGE
OTHER OUT OWL PAGE PAINT PAIR PAPER PARK PART PARTY PEN PET PIANO PIG PINK PLACE
PLANE PLANT PLATE PLAY POND POOL POOR PUT QUEEN QUICK QUIET QUIZ RABBIT RAIN
READ REAL REST RICE RICH RIDE RING RIVER ROAD ROCK ROOF ROOM ROOT ROPE ROSE ROUND
RUN SAFE SAIL SALT SAND SEA SEAT SEE SEED SELL SEND SEVEN SHEEP SHIP SHOE SHOP
SHORT SHOW SIDE SING SISTER SIT SIX SKY SLEEP SLOW SMALL SMILE SNOW SOFT SOME
SONG SOON SOUP SOUTH SPOON SPRING STAR START STONE STORE STORY SUGAR SUN SWIM
TABLE TAIL TALK TALL TEA TEN TENT THANK THIN THING THREE TIGER TIME TOE TOOTH
TOP TOWN TOY TRAIN TREE TRIP TRUE TURN TWO UNDER UNTIL USE VASE VERY VOICE WAIT
WALK WALL WANT WARM WASH WATCH WATER WAX WAY WEEK WELL WEST WET WHALE WHEEL
WHITE WIDE WIND WINDOW WING WINTER WISH WOLF WOOD WORD WORK WORLD YARD YEAR
YELLOW YES YOUNG ZEBRA ZERO ZOO
""".split()  # noqa: SIM905

COMMON_FR = """
ABRI AIDE AILE AIR AMI AMIE ANE ANNEE ARBRE ARGENT ART AUTO AVION BAIN BAL
BALLE BANC BATEAU BEAU BEC BETE BIEN BLANC BLE BLEU BOIS BOL BON BORD BOUCHE
BRAS BRUIT BUT CAFE CAHIER CAMION CANARD CARTE CHAISE CHAMP CHANT CHAT CHAUD
CHEF CHEMIN CHER CHEVAL CHIEN CIEL CINQ CITRON CLE CLOU COEUR COIN COL CORPS
COTE COU COUR COURT CRAIE CRI CUIR DAME DENT DIX DOIGT DOUX DROIT EAU ECOLE
ELEVE ENFANT EPEE ETE ETOILE FAIM FEE FER FETE FEU FILLE FILS FLEUR FOIN FOND
FORET FOU FROID FRUIT GARE GATEAU GENOU GRAIN GRAND GRIS GROS HAUT HERBE HIVER
HOMME HUIT ILE JARDIN JAUNE JEU JOUR JUS LAC LAIT LAPIN LEGER LIEN LION LIRE
LIT LIVRE LOIN LOUP LUNE MAIN MAIRE MAISON MAL MARDI MER MERE MIDI MIEL MOIS
MONDE MOT MUR NEIGE NEZ NID NOIR NOM NUIT OEIL OEUF OIE OISEAU ONZE ORANGE OS
OURS PAGE PAIN PAIX PAPA PARC PATE PAYS PEAU PERE PETIT PEUR PIED PIERRE PLAGE
PLUIE PNEU POIRE POISSON POMME PONT PORTE POULE PRE PRIX PUITS QUAI QUATRE
REINE REPAS RIRE RIZ ROI ROSE ROUE ROUGE RUE SABLE SAC SALE SEL SEPT SOEUR SOIR
SOL SOLEIL SOUPE SUCRE TABLE TANTE TAPIS TARTE TASSE TEMPS TERRE TETE THE TIGRE
TOIT TRAIN TROIS VACHE VASE VELO VENT VERRE VERT VIE VILLE VIN VOIX YEUX ZERO
""".split()  # noqa: SIM905


def words_for(language: str, lexicon: Lexicon | None = None) -> list[str]:
    """The common words of ``language`` that the lexicon accepts."""
    lexicon = lexicon or embedded(language)
    pool = COMMON_EN if language == "en" else COMMON_FR
    return sorted({w for w in pool if w in lexicon})


def _fits(
    cells: dict[Cell, str], word: str, start: Cell, direction: Direction
) -> tuple[list[Cell], int] | None:
    """The new cells of ``word`` at ``start``, and its crossings; None when it cannot go there.

    The word must cross at least one tile, add at least one, match the letters
    it crosses and touch nothing sideways, so that it forms no other word.
    """
    drow, dcol = direction.step
    prow, pcol = dcol, drow  # the perpendicular step
    row, col = start
    if (row - drow, col - dcol) in cells:
        return None
    end = (row + drow * len(word), col + dcol * len(word))
    if end in cells:
        return None
    new: list[Cell] = []
    crossings = 0
    for i, letter in enumerate(word):
        cell = (row + drow * i, col + dcol * i)
        held = cells.get(cell)
        if held is not None:
            if held != letter:
                return None
            crossings += 1
            continue
        for side in ((cell[0] + prow, cell[1] + pcol), (cell[0] - prow, cell[1] - pcol)):
            if side in cells:
                return None
        new.append(cell)
    if not crossings or not new:
        return None
    return new, crossings


def build(
    language: str,
    tiles: int,
    *,
    seed: int = 0,
    must_include: Sequence[str] = (),
    words: Iterable[str] | None = None,
    budget: dict[str, int] | None = None,
    attempts: int = 400,
) -> Grid:
    """A connected grid of exactly ``tiles`` letter tiles whose words are all common words.

    ``must_include`` words are placed first (the first one across at the top
    left). No word is placed twice. ``budget`` caps each letter (default: the
    set's counts). Raises RuntimeError when no attempt reaches the count.
    """
    lexicon = embedded(language)
    pool = sorted(set(words) if words is not None else set(words_for(language, lexicon)))
    limits = dict(budget or {k: v for k, v in TILE_DISTRIBUTION.items() if k.isalpha()})
    for attempt in range(attempts):
        rng = random.Random(seed * 100_003 + attempt)
        grid = _attempt(pool, tiles, rng, list(must_include), limits)
        if grid is not None:
            return grid
    raise RuntimeError(f"no {tiles}-tile {language} grid found in {attempts} attempts")


def _attempt(
    pool: list[str], target: int, rng: random.Random, must: list[str], limits: dict[str, int]
) -> Grid | None:
    first = must[0] if must else rng.choice([w for w in pool if 4 <= len(w) <= 7])
    used = Counter(first)
    if len(first) > target or any(used[k] > limits.get(k, 0) for k in used):
        return None
    cells: dict[Cell, str] = {(0, c): letter for c, letter in enumerate(first)}
    placed = {first}
    queue = list(must[1:])
    while len(cells) < target:
        remaining = target - len(cells)
        if queue:
            candidates = [queue[0]]
        else:
            candidates = [w for w in pool if w not in placed and len(w) - 1 <= remaining]
            rng.shuffle(candidates)
            if remaining <= 4:  # towards the end, prefer the words that fill the count exactly
                candidates.sort(key=lambda w: len(w) - 1 != remaining)
        word = _place_one(cells, candidates, rng, remaining, used, limits)
        if word is None:
            return None
        placed.add(word)
        if queue:
            queue.pop(0)
    return Grid({cell: Tile.from_symbol(letter) for cell, letter in cells.items()}).normalized()


def _place_one(
    cells: dict[Cell, str],
    candidates: list[str],
    rng: random.Random,
    remaining: int,
    used: Counter[str],
    limits: dict[str, int],
) -> str | None:
    """Put the first candidate that fits somewhere onto ``cells``; return it (None if none fits)."""
    anchors = list(cells.items())
    rng.shuffle(anchors)
    for word in candidates[:400]:
        for (row, col), letter in anchors:
            for i, wl in enumerate(word):
                if wl != letter:
                    continue
                for direction in (Direction.ACROSS, Direction.DOWN):
                    drow, dcol = direction.step
                    start = (row - drow * i, col - dcol * i)
                    fit = _fits(cells, word, start, direction)
                    if fit is None:
                        continue
                    new, _ = fit
                    if len(new) > remaining:
                        continue
                    letters = {
                        c: word[(c[0] - start[0]) * drow + (c[1] - start[1]) * dcol] for c in new
                    }
                    extra = Counter(letters.values())
                    if any(used[k] + n > limits.get(k, 0) for k, n in extra.items()):
                        continue
                    cells.update(letters)
                    used.update(extra)
                    return word
    return None


# --- open tiles ----------------------------------------------------------------


def crossings(grid: Grid) -> list[Cell]:
    """The cells that belong to an across word and a down word."""
    across = {c for w in grid.words() if w.direction is Direction.ACROSS for c in w.cells}
    down = {c for w in grid.words() if w.direction is Direction.DOWN for c in w.cells}
    return sorted(across & down)


def place_open_tiles(grid: Grid, jokers: Sequence[Cell] = (), bandit: Cell | None = None) -> Grid:
    """``grid`` with open jokers on ``jokers`` and the Bandit on ``bandit`` (a K/W/X/Y/Z tile)."""
    tiles = {cell: grid[cell] for cell in grid}
    for cell in jokers:
        tiles[cell] = JOKER
    if bandit is not None:
        letter = grid[bandit].letter
        if letter not in BANDIT_LETTERS:
            raise ValueError(f"the Bandit stands for K W X Y Z only, not {letter}")
        tiles[bandit] = BANDIT
    return Grid(tiles)


def words_through(grid: Grid, cell: Cell) -> list[Word]:
    return [w for w in grid.words() if cell in w.cells]


def with_comment(grid: Grid, comment: str) -> str:
    """The grid text with ``comment`` as leading ``#`` lines."""
    lines = [f"# {line}".rstrip() for line in comment.strip().splitlines()]
    return "\n".join(lines) + "\n" + grid.to_text()


# The grids of docs/examples/ and of the benchmarks: (language, tiles, build() keywords).
KNOWN_GRIDS = {
    "sixty-tiles-en (before its jokers), benchmarks en": (
        "en",
        60,
        {"seed": 19, "must_include": ["KEYBOARD"]},
    ),
    "benchmarks fr": ("fr", 60, {"seed": 40, "must_include": ["XYLOPHONE"]}),
    "expert-en": ("en", 25, {"seed": 22}),
    "trente-tuiles-fr (before its joker)": ("fr", 30, {"seed": 18}),
}


if __name__ == "__main__":
    from mixmo.engine.validation import validate

    for name, (language, size, keywords) in KNOWN_GRIDS.items():
        grid = build(language, size, **keywords)
        report = validate(grid, embedded(language), players={60: 2, 30: 4}.get(size))
        print(
            f"# {name}: build({language!r}, {size}, {keywords}) -> {len(grid)} tiles, valid={report.valid}"
        )
        print(grid.to_text())
