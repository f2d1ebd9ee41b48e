"""The embedded word lists, word by word (rulebook: "Words allowed / not allowed").

Regression lists a Scrabble player would check: short words as the tournament
lists hold them, modern and variant words, and the refusals the rulebooks name
(abbreviations, initialisms, proper nouns, hyphenated and spaced words, foreign
fragments) plus slurs, which are removed by default.  The decisions behind each
group are in dictionaries/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mixmo.engine.lexicon import WordList, common_words, fold

DICTIONARIES = Path(__file__).resolve().parents[1] / "dictionaries"


def words(text: str) -> list[str]:
    """The words of a block of text, one list per group below."""
    return text.split()


# The two-letter words of the North American tournament list (NWL, 107 words)
# minus OK (the rulebooks forbid O.K. by name) and FE (read as iron's symbol),
# plus JA and OO (Collins).
ENGLISH_TWO_LETTER = words(
    """
AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL EM EN ER ES ET EW
EX FA GI GO HA HE HI HM HO ID IF IN IS IT JA JO KA KI LA LI LO MA ME MI MM MO MU MY NA NE NO NU OD OE OF
OH OI OM ON OO OP OR OS OW OX OY PA PE PI PO QI RE SH SI SO TA TE TI TO UH UM UN UP US UT WE WO XI XU YA
YE YO ZA
"""
)

# The two-letter words of the French tournament list (ODS).
FRENCH_TWO_LETTER = words(
    """
AA AH AI AN AS AU AY BE BI BU CA CE CI DE DO DU EH EN ES ET EU EX FA FI GO HA HE HI HO IF IL IN JE KA
LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON OR OS OU PI PU QI RA RE RI RU SA SE SI SU TA TE TO
TU UD UN US UT VA VE VU WU XI
"""
)

ENGLISH_MUST_ACCEPT = words(
    """
AAL AAS ABS AHI ARF AVA AWA BAM CEE DEE ESS ETH FEH GHI HUP ICK KAF KAY KHI KIR MIB NOH ODA OXY PHT PST
QAT QIS RAI REZ SAB SUK SUQ TAJ TAO TAV UKE ULU UMM URB VEE VIG VIN VUG WYE YOM ZAX ZEK ZIN ZAS OYS
APP APPS MATHS SNUCK DONUT DONUTS RAINFOREST RAINFORESTS HOTSPOT ADMIN BIO BRO BROS INTRO MAX MEDS
VOCAB TECH STAT STATS LOCKDOWN LOCKDOWNS EBOOK VLOG VLOGGER NOOB STAYCATION BROMANCE GLAMPING
PODCASTER INFLUENCER LEADERBOARD TIMEFRAME ROADMAP SMARTPHONE SELFIE EMOJI HASHTAG BLOG PODCAST
ONLINE EMAIL WEBSITE SPAM NEWBIE MALWARE WIKI LASER RADAR SCUBA QUIZ QUIZZES OXEN RUNNING RAN GOOGLE
JUDGEMENT AMEBA ALMANACK CAFE PINATA CRECHE NEE OLE CWM CRWTH PSST SHH BRR HMM NTH TSK OKAY
THE AND WATER HOUSE HOUSEBOAT BEAUTIFUL JUMPED JUMPING CHILDREN MICE GEESE TEETH WOLVES KNIVES
RUNNER FASTEST HAPPIER HAPPIEST UNHAPPINESS REWRITE ZEBRA XYLOPHONE JUKEBOX QUARTZ SPHINX
CHINK COON KRAUT PADDY SPADE QUEER FAIRY PANSY FAGOT NIP
AIRLINE BACKPACK BARISTA BINGE BLENDER BOOKMARK BROWSER CHECKOUT COMPUTER DATABASE DOWNLOAD EMOTICON
FLASHLIGHT FREELANCE GADGET GRAPHICS HACKER HEADPHONES HOODIE HYPERLINK INBOX KEYBOARD LAPTOP LOGIN MEME
MICROWAVE MODEM NETWORK OFFLINE OUTSOURCE PASSWORD PIXEL PLAYLIST PRINTER RINGTONE ROUTER SCREENSHOT
SKATEBOARD SNOWBOARD SOFTWARE SPREADSHEET STARTUP STREAMING SUSHI TABLET TEXTING TOUCHSCREEN TWEET
UPLOAD USERNAME VIDEO VIRAL WEBCAM WEBINAR WORKFLOW ZOOMED JACUZZI KETCHUP BAGEL BURRITO TACO SALSA
TOFU LATTE ESPRESSO CAPPUCCINO SMOOTHIE BROCCOLI AVOCADO QUINOA KALE HUMMUS ZUCCHINI YOGURT WAFFLE
"""
)

ENGLISH_MUST_REJECT = words(
    """
DNA NASA OK TV CS KB MB MS PS SS GS KS LS RS TS FE ZZZ
VERSA KCAL IBID HOC QUO NAUSEAM SITU CETERIS PARIBUS EMPTOR WYSIWYG ACCIDENTLY IDEALOGY SONOFABITCH
ASAP AKA ATM CEO FBI CIA USA UK EU BBC NATO HTML URL USB PDF GPS SMS DVD CPU
ABBR ABBREV ACCT ADJ ADV ADVT AMT APPROX ASSN ASSOC ASST ATTN ATTY AVDP AVG BLDG BLVD BPM CAPT CHEM
CONJ CONTD CORP DEPT DIAG DOZ DZ ECON ENCL EQUIV ETC EXCH FREQ FWD GOVT HGT HRS HWY ILLUS INCL INTERJ
JCT KG KM KPH LB LBS LTD MASC MFG MFR MGR MISC ML MPG MPH NATL OZ PCT PKG PKWY POSS PRON QTY RECD
RPM RPS RTE SECY SQ SUBJ SUPT TBS TBSP TREAS TSP VIZ VS WK WKLY WT YD YR YRS ZOOL
CU ZN MG CL KR RB SR ZR NB TC RH PD CD SN SB HG TL PB RN FR NI BR
PARIS LONDON TEXAS JAMES MARY EINSTEIN AKHMATOVA ALLENDE ARTURO BEATRICE BRZEZINSKI CADIZ CLAYTON
DANIELLE DIANE DUSTIN FIDEL GONZALEZ GREENPEACE KATIE MIRIAM SCHWARZENEGGER SERGEI STACEY TOWNSEND
WENDY YOKO CTHULHU THESSALY FALKLAND ESTEBAN DOROTHEA
DEJAVU WATERHEATER ALACARTE VISAVIS
ACPT ACTG ADJT AGCY ANAT ARCHIT BACT BDRM BIBLIOG BIOL BKCY BLK BTRY CHG CONTRIB DECL DISTR DLVY ECCL
"""
)

FRENCH_MUST_ACCEPT = words(
    """
AAS KAS TOS AYS UNICEF LASER RADAR SIDA OVNI SICAV PACS CEDEX LOL
MANGEONS FINISSAIENT MANGEASSIONS FINIRIONS ETE ELEVE GARCON COEUR OEUVRES PARIS EAU
KILOGRAMME KILOGRAMMES CENTIMETRE MILLIMETRES KILOMETRE HECTOLITRE MEGAHERTZ KILOWATT GRAMME
METRE LITRE HERTZ AMPERE VOLT WATT MILLISECONDE NANOSECONDE KILOCALORIE HECTOPASCAL
COOL CLEAN SEXY FUN TRASH VINTAGE UNDERGROUND OPEN LIGHT LIVE SMART SUPER STANDARD ZEN
AUDIOVISUEL EXTRATERRESTRE ULTRAVIOLET BASEBALL COWBOY PORTEMANTEAU PLAYBACK
MAISON CHIEN CHAT ARBRE FLEUR ECOLE ENFANT FEMME HOMME VOITURE JOUER MANGER DORMIR ALLER VENIR
FAIRE DIRE PRENDRE ETRE AVOIR ALLONS IRONS SERONS AURIONS FUSSIONS EUSSIEZ NAQUIT VECUMES
ZUT OUF BRRR GRRR HMM PFF PST TSS KSS CRWTH ANTAN CATIMINI EMBLEE ENVI JEUN RECULONS TATONS
COURAGE TORTUE ZEBRE WAGON KIWI YAOURT QUICHE XYLOPHONE JUDO KAYAK WHISKY TEL TAN
RATON PEDALE TAPETTE MACAQUE MELON TANTE FOLLE CHLEUH
ABAISSER ABANDONNERAIENT ABRICOT ACAJOU BORDEAUX MARRON ORANGE KAKI CHAMOIS AUBERGINE
BIENVEILLANT CHEVEUX GENOUX HIBOUX BIJOUX JOUJOUX CAILLOUX CHOUX POUX VITRAUX TRAVAUX
OEUF OEUFS SOEUR NOEUD VOEU COEURS MOEURS OEIL YEUX CIEUX AIEUX
QUOI QUAND QUEL QUELLE QUELS LEQUEL LAQUELLE DUQUEL AUXQUELS PARCE PUISQUE LORSQUE QUOIQUE
BONJOUR MERCI FROMAGE BAGUETTE CROISSANT CHATEAU BATEAU GATEAU OISEAU CHEVAL CHEVAUX JOURNAL
JOURNAUX NOEL HOPITAL WAGONNET WAPITI WATT WEBCAM WIKI WOK XENON XERES YACHT YOGA YOURTE ZAPPER ZERO ZIGZAG ZOZOTER
"""
)

FRENCH_MUST_REJECT = words(
    """
FAIREPART FAIREPARTS DONJUAN DONJUANS PORTEMONNAIE WEEKEND PINGPONG PIQUENIQUE APRIORI APOSTERIORI
STATUQUO EXAEQUO MEACULPA VADEMECUM ETCETERA NUOCMAM TIREBOUCHON AUTOECOLE BABYFOOT BESTSELLER
BLACKOUT CACHECACHE CHAUVESOURIS CROQUEMONSIEUR CROQUEMORT HAUTPARLEUR PASSEPARTOUT PORTEVOIX
PORTEPLUME TEESHIRT SWEATSHIRT STRIPTEASE POPCORN NONSTOP FEEDBACK FASTFOOD HOTDOG JUKEBOX BIENETRE
BIGBANG CHECKLIST COMEBACK FLASHBACK HIFI KNOCKOUT MILKSHAKE NIGHTCLUB PICKUP PINUP TAMTAM TICTAC
YOYO WALKIETALKIE VOLTEFACE POTPOURRI
BIG BAD GOOD HIGH LOW NEW SMALL FRENCH BRITISH GOLDEN CHEAP DARK BADASS BRUSHLESS FLOOD MADE
FEMTOROENTGENS FEMTOROENTGEN YOTTAKATAL ZEPTOGRAMME ATTOMETRE EXAGRAMME YOCTOSECONDE ZETTAWATT
PETAVOLT MICROKATAL NANOTESLA FEMTOLUMEN ATTOGRAMME ZETTAMETRE YOTTAMETRE EXAMETRE FEMTOKELVIN
GIGAKATAL MILLIKATAL KILOLUX DECAHERTZ CENTIWATT DECIVOLT MEGARADIAN PICOLUMEN NANOCANDELA
ZEPTOMOLE EXAPASCAL YOCTOHENRY KILOWEBER ATTOFARAD TERATESLA
OP AE OE AV ED LN PT PTS VS AVR DEC JANV FEVR JUIL NOV OCT BIBL CIRC COLL DIV DPI ENV ETYM REF REL
SUPPL COS COTAN COSH SIN SINH TANH ZZZZ FIG HAB NEC VOX
ANNUA ANNUUS SATIVUM THALIANA THURINGIENSIS TUMEFACIENS USITATISSIMUM NAPUS PERENNE COMMUNIS LINI
MAYS VITAE VIVENDI OPERANDI POPULI SAPIENS FRANCA CLAUSUS DEI LATERE
MICHELLE AUJOURDHUI KG CM SNCF TGV HLM PDG RATP ONU CNRS EDF RER TVA BTS PME RSA SDF
MARSEILLE TOULOUSE BRETAGNE CHIRAC LOIRE JUSQUA ARCENCIEL CHEFDOEUVRE QUELQUUN PRESQUILE GRANDMERE
GRANDPERE BEAUPERE PORTEBONHEUR CESSEZLEFEU SAPEURPOMPIER TERREATERRE TETEATETE VISAVIS ARRIEREPENSEE
AVANTHIER APRESMIDI COUPEPAPIER GARDEMANGER LAISSEZPASSER PASSEDROIT POMMEDETERRE RENDEZVOUS
SAUVEQUIPEUT SOUSMARIN TIREFESSES TROMPELOEIL
"""
)


def missing(words: list[str], lexicon: WordList) -> list[str]:
    return [word for word in words if word not in lexicon]


def present(words: list[str], lexicon: WordList) -> list[str]:
    return [word for word in words if word in lexicon]


def listed(name: str) -> list[str]:
    """The entries of a reviewed list file (one per line, ``#`` comments)."""
    lines = (DICTIONARIES / name).read_text(encoding="utf-8").splitlines()
    return [entry for line in lines if (entry := line.split("#", 1)[0].strip())]


def test_regression_lists_hold_at_least_200_words_each() -> None:
    for words in (ENGLISH_MUST_ACCEPT, ENGLISH_MUST_REJECT, FRENCH_MUST_ACCEPT, FRENCH_MUST_REJECT):
        assert len(set(words)) >= 200


def test_english_accepts_short_modern_and_variant_words(english: WordList) -> None:
    assert missing(ENGLISH_MUST_ACCEPT + ENGLISH_TWO_LETTER, english) == []


def test_english_refuses_abbreviations_initialisms_names_and_fragments(english: WordList) -> None:
    assert present(ENGLISH_MUST_REJECT, english) == []


def test_french_accepts_every_form_acronyms_said_as_words_and_listed_units(
    french: WordList,
) -> None:
    assert missing(FRENCH_MUST_ACCEPT + FRENCH_TWO_LETTER, french) == []


def test_french_refuses_welded_compounds_borrowings_and_unit_explosion(french: WordList) -> None:
    assert present(FRENCH_MUST_REJECT, french) == []


def test_french_acronyms_said_as_words_are_words_and_initialisms_are_not(
    french: WordList,
) -> None:
    # "Les acronymes (UNICEF) : sigles prononcés comme un mot" are admitted as a class;
    # "Les sigles (WWF)", spelt letter by letter, are not.
    said_as_words = words("UNICEF OTAN UNESCO OPEP ZUP ZAD SMIC INSEE NASA OVNI SIDA GIEC CNIL")
    spelt_out = words("WWF SNCF CNRS HLM ONU URSS TGV PDG RATP EDF ADN OGM")
    assert missing(said_as_words, french) == []
    assert present(spelt_out, french) == []


def test_english_acronyms_said_as_words_are_words(english: WordList) -> None:
    # The English book's examples are ordinary words; its initialism (D.N.A.) is not.
    assert missing(words("LASER LASERS RADAR RADARS SCUBA"), english) == []
    assert present(words("DNA NASA FBI"), english) == []


def test_english_two_letter_words_are_the_tournament_ones(english: WordList) -> None:
    assert len(ENGLISH_TWO_LETTER) == 107
    assert sorted(english.words_of_length(2)) == sorted(ENGLISH_TWO_LETTER)


def test_french_two_letter_words_are_the_tournament_ones(french: WordList) -> None:
    assert len(FRENCH_TWO_LETTER) == 78
    assert sorted(french.words_of_length(2)) == sorted(FRENCH_TWO_LETTER)


def test_french_book_examples_unicef_yes_fairepart_and_donjuan_no(mixmo) -> None:
    run = mixmo("word", "--lang", "fr", "unicef", "fairepart", "donjuan", "--json")
    assert [(r["word"], r["valid"]) for r in json.loads(run.out)] == [
        ("UNICEF", True),
        ("FAIREPART", False),
        ("DONJUAN", False),
    ]
    assert run.code == 1


def test_app_is_a_word_as_apps_is(mixmo) -> None:
    run = mixmo("word", "app", "apps", "maths", "snuck", "donut", "rainforest")
    assert run.code == 0
    assert all(line.startswith("✓") for line in run.out.splitlines())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_slurs_are_refused_by_default(language: str, english: WordList, french: WordList) -> None:
    lexicon = english if language == "en" else french
    slurs = listed(f"slurs-{language}.txt")
    assert len(slurs) >= 50  # the reviewed list is not empty
    assert present(slurs, lexicon) == []


def test_well_known_slurs_are_among_the_refused(english: WordList, french: WordList) -> None:
    assert present(["NIGGER", "KIKE", "SPIC", "WETBACK", "FAGGOT", "TRANNY"], english) == []
    assert present(["BOUGNOULE", "YOUPIN", "BICOT", "PEDE", "GOUINE", "TARLOUZE"], french) == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_reviewed_allow_list_words_are_in_and_deny_list_words_are_out(
    language: str, english: WordList, french: WordList
) -> None:
    lexicon = english if language == "en" else french
    allowed = [fold(entry) for entry in listed(f"allow-{language}.txt")]
    denied = [entry for entry in listed(f"deny-{language}.txt") if entry.isascii()]
    assert len(allowed) >= 12
    assert missing(allowed, lexicon) == []
    assert present(denied, lexicon) == []


def test_french_bots_have_common_french_words(french: WordList) -> None:
    common = common_words("fr")
    assert common is not None
    assert 30_000 <= len(common) <= 50_000
    assert all(word in french for word in common)
    everyday = ["MAISON", "MANGER", "JOUER", "ENFANT", "ECOLE", "COEUR", "ETE", "VOITURE", "CHAT"]
    assert missing(everyday, common) == []
    assert present(["MANGEASSIONS", "COUTEAUNONS", "FEMTOSECONDES", "ZYGOPETALUM"], common) == []
