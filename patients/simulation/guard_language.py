"""The language check of the guard: is a patient reply in English?

A patient of an English session never switches language; a model drifting into
another one (often mid-reply, for a sentence) is a failure. Checked sentence by
sentence, so one sentence in Spanish inside an English reply is caught too:
another script, foreign function words outnumbering English ones, accented
words with no English around them, or a stretch of words with almost no English
function words.
"""

from __future__ import annotations

import re

from patients.simulation.text import split_sentences

__all__ = ["not_english"]

_ENGLISH = frozenset(
    """a about after again against all almost also always am an and any anyone
    anything are around as at away back bad be because been before being better
    both but by can can't cannot come could couldn't day did didn't do does doesn't
    doing don't done down even ever every everyone everything feel feeling felt
    few for from get gets getting go going gone good got had hard has have haven't
    having he her here him his how i i'd i'll i'm i've if in into is isn't it it's
    just keep kind know last left less let like little long look lot made make many
    maybe me mean might mind more most much my myself need never no not nothing now
    of off oh ok okay on once one only or other our out over people really right
    said same say see seem she should since so some someone something sometimes
    sorry still such sure take talk than that that's the their them then there
    these they thing things think this those though thought through time to too
    tried try um uh up us very want was wasn't way we well were what when where
    which while who why will with without work would wouldn't yeah yes yet you
    your you're guess hmm mm honestly actually week weeks today tomorrow yesterday
    home job mom dad mum mother father wife husband friend friends tired worried
    sad angry scared afraid anxious whatever fine nope yep nah alright""".split()
)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
# Scripts other than Latin: an English patient never switches to them.
_FOREIGN_SCRIPT = re.compile(
    r"[\u0370-\u03ff\u0400-\u052f\u0590-\u06ff\u0900-\u0dff\u0e00-\u0eff"
    r"\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)


_FOREIGN = frozenset(
    """el la los las del que y en un una es por con para se lo su al como más pero
    ya este sí porque esta cuando muy sin sobre también hasta hay donde quien desde
    todo nos durante todos les ni eso ante ellos esto mí antes qué yo otro él tanto
    esa estos mucho nada cual poco ella estar algo nosotros mi mis tú te ti tu tus
    estoy siento sé et les des est pas je il elle nous vous ils une du au aux ce
    cette qui ne sur avec pour dans mais ou donc car suis sont ai être avoir fait
    très moi toi lui leur der die das und ist nicht ich du er sie wir ein eine
    einen dem den mit von zu auf für sind bin bist habe hat haben aber oder wenn
    weil auch noch schon nur sehr mich dich sich mir dir gli di da che non sono ho
    hai ha è anche molto ma perché mio mia eu você ele ela nós não sim com uma um
    os da dos das em na nas é são está minha meu
    estoy tengo quiero puedo nadie hace ahora siempre nunca bien mal aquí allí
    vez nada creo era fue están son soy eres hay les sus ella él sola solo
    verdad noches días conozco pienso escapó mucha poca cosa cosas
    j'ai c'est n'est j'étais était rien toujours jamais mon ma mes ton ta sa ses
    parce depuis quand comme aussi trop encore déjà sais peux veux fais chez
    sans n'arrive plus elle avait
    hab meine meinen mein immer nie einfach wirklich weiß kann muss mich dass
    dann wie jemand niemand vielleicht gesagt angst es war nichts
    nie jest się że ale jak mam jestem czy co już tak ja mnie mój moja moje
    bardzo tylko było był była tego jej jego dla przez bo jeszcze wiem nic
    kiedy gdy może gdzie tam tutaj teraz zawsze nigdy wszystko chcę czuję mogę
    robię dobrze źle sobie siebie są będzie też czy strasznie cokolwiek
    het een niet ik je dat en van zijn wat maar ook nog heb ben met voor naar
    mijn hij zij wij geen hoe waarom omdat weet echt heel altijd nooit
    hai hain nahi nahin kya kuch mujhe mera meri mere tum aap bahut bhi aur
    lekin ke ki ko se hoon hun tha thi raha rahi rahe gaya gayi kar karna karta
    karti yeh ye woh wo abhi kabhi sab bas kyun kyunki pata accha acha theek
    thik haan ji yaar dil ghar kaam mein hum unko usko unke apne apna baat
    sochta sochti lagta lagti samajh chahiye hota hoti jaata jaati wala wali
    maine tumne humne aapko mujhko kaise kaun kahan yahan wahan
    yn yr oedd doedd roedd ddim fy mae wedi gyda hefyd neb ond achos nhw
    efo iawn i'n ro'n o'n dwi dwi'n rwy rydw dydw sydd wnes wnaeth mynd dweud
    gwybod meddwl eisiau isio ydw ydy nid
    și nu că să cu pe la este sunt foarte nimic tu ea noi mă îmi încă
    doar acum toată nimeni
    bir ve bu çok sen değil yok ama gibi için daha şey hiç
    agus níl tá sé sí mé raibh bhí rud dúirt ach ní
    não mas você ela está muito fiquei consegui tenho estou acho sabe
    det og jeg er ikke så har vi du hun meg dere med på til
    jag och inte är mycket nå veldig sliten
    ako ka ang ng hindi mga ko siya talaga pero lang naman
    njan enikku ennikku ente onnum illa aanu aayirunnu pattilla valiya
    ningal entha
    shu wallah kteer enta inta mish yalla
    parle dit veut peut vais dice dijo habla llamó sagt diz disse lavoro troppo però
    sempre niente""".split()
) - frozenset(
    # English words too ("Ta.", "Mam rang", "the van", "plus", "see ya"): a
    # short English line made of them is not foreign.
    """ta ma mam van met plus son sin die hat war ben bin con den ton ya ye hum ha
    em per mis non bo ho ti os sol bas har pas""".split()
)


# A clause of a sentence ("The tests were fine, pero yo no le creo"): the
# switch of language often happens at a comma.
_CLAUSE_BREAK = re.compile(r"[,;:\u2013\u2014]|\s-\s")


def _foreign_clause(sentence: str) -> bool:
    for clause in _CLAUSE_BREAK.split(sentence):
        words = [w.lower().replace("’", "'") for w in _WORD.findall(clause)]
        if len(words) < 4:
            continue
        english = sum(w in _ENGLISH for w in words)
        # Accented words count as foreign too ("tęsknię", "cansada" does not).
        foreign = sum(
            (w in _FOREIGN or not w.isascii()) and w not in _ENGLISH for w in words
        )
        if foreign >= 3 and foreign > 2 * english:
            return True
    return False


def _not_english_span(text: str) -> bool:
    if _FOREIGN_SCRIPT.search(text):
        return True
    words = [w.lower().replace("’", "'") for w in _WORD.findall(text)]
    if not words:
        return False
    english = sum(w in _ENGLISH for w in words)
    # Accented words count as foreign ("Michael me llamó el domingo").
    foreign = sum(
        (w in _FOREIGN or not w.isascii()) and w not in _ENGLISH for w in words
    )
    if foreign >= 2 and foreign > english:
        return True
    # A short reply with a foreign function word and no English one ("Estoy
    # cansada.").
    if foreign and not english:
        return True
    accented = any(not w.isascii() for w in words)
    if accented and english == 0:
        return True
    # Ordinary English speech is 40-60 % function words; a long stretch with
    # almost none is another language (or not speech at all).
    return len(words) >= 8 and english / len(words) < 0.1


# Someone else's words in their language, inside an English sentence: a quote
# ("Mum rang: 'Kochanie, jesteś zmęczona?'") or a line with its speaker ("Wo
# ist mein Mann, she asks"). A patient quoting a parent or partner stays in
# English; a few such words are theirs, a whole foreign sentence is not.
_QUOTE = re.compile(
    r"(?<!\w)(?:\"[^\"\n]{1,80}\"|\u201c[^\u201d\n]{1,80}\u201d|'[^'\n]{1,80}'(?!\w))"
)
_REPORTING = re.compile(
    r"\b(?:says|said|say|saying|asks|asked|goes|went|calls|called|rang|texted|sings|sang|"
    r"shouts|shouted|whispers|whispered|tells\s+me|told\s+me|mutters|muttered)\b",
    re.IGNORECASE,
)
_FEW = 5


def _quoted_aside(sentence: str) -> bool:
    """A sentence whose foreign words (at most a few) are reported speech."""
    if not _REPORTING.search(sentence) and not _QUOTE.search(sentence):
        return False
    low = [w.lower().replace("\u2019", "'") for w in _WORD.findall(sentence)]
    foreign = sum((w in _FOREIGN or not w.isascii()) and w not in _ENGLISH for w in low)
    return foreign <= _FEW and sum(w in _ENGLISH for w in low) >= 1


# Whole short replies a model drifts into ("Bilmiyorum.", "Nie wiem.", "Nahi."):
# too short for the function-word counts, so read by a list of the common
# answers and by the Turkish present tense, which no English word ends in.
_SHORT_ANSWERS = frozenset(
    """bilmiyorum evet hayır hayir tamam yok nahi nahin haan nie wiem tak
    nein doch genau jawohl oui ouais merci danke gracias grazie obrigado obrigada
    claro vale bueno pues nee niet nyet nej inte ikke weet kyllä ndiyo hapana
    dziękuję dobrze hvala takk tack kiitos perché pourquoi warum porque vielleicht
    peut-être quizás talvez forse bof boh naddo nagydw ydw nac eto diolch sijui
    hajui ndio asante certo zhidao meiyou xiexie""".split()
)
_TURKISH_VERB = re.compile(
    r"[a-zçğıöşü]{2,}(?:[ıiuü]yor|m[ıi]yor)(?:um|sun|uz|sunuz|lar|du|dum|muş)?$"
    # and the Romance adverb ("ovviamente", "claramente"), which no English
    # word ends in either
    r"|^[a-zà-ú]{3,}mente$"
)


def _short_foreign(words: list[str]) -> bool:
    low = [w.lower().replace("’", "'") for w in words]
    if any(_TURKISH_VERB.search(w) for w in low):
        return True
    foreign = sum(w in _SHORT_ANSWERS or w in _FOREIGN for w in low)
    strong = any(w in _SHORT_ANSWERS for w in low)
    return strong and foreign > sum(w in _ENGLISH for w in low)


# A few characters of another script reported as someone's words, inside an
# English sentence ("She keeps saying 我要回家, I want to go home"); more than
# this, or a word of the speaker's nature among them, is a switch.
_SCRIPT_QUOTE_MAX = 12
_SCRIPT_NATURE = re.compile(
    r"人工智能|机器人|程序|模型|助手|ИИ|бот|программ|ロボット|プログラム|AI", re.I
)
_SCRIPT_ENGLISH_MIN = 5


def _script_aside(sentence: str) -> bool:
    """Another script only as a short quotation in an English sentence."""
    chars = _FOREIGN_SCRIPT.findall(sentence)
    if not chars:
        return True
    if len(chars) > _SCRIPT_QUOTE_MAX or _SCRIPT_NATURE.search(sentence):
        return False
    low = [w.lower().replace("\u2019", "'") for w in _WORD.findall(sentence)]
    return (
        _quoted_aside(sentence)
        and sum(w in _ENGLISH for w in low) >= _SCRIPT_ENGLISH_MIN
    )


def not_english(text: str) -> bool:
    """The whole reply, or any sentence of five words or more, is not English."""
    if _FOREIGN_SCRIPT.search(text) and not all(
        _script_aside(s) for s in split_sentences(text)
    ):
        return True
    asides = [s for s in split_sentences(text) if _quoted_aside(s)]
    rest = " ".join(s for s in split_sentences(text) if s not in asides)
    if _not_english_span(rest if asides else text):
        return True
    for sentence in split_sentences(text):
        if sentence in asides:
            continue
        words = _WORD.findall(sentence)
        if len(words) < 5 and _short_foreign(words):
            return True
        if len(words) < 3:
            continue
        if len(words) < 5:
            # A short sentence ("Ich bin so müde."): mostly foreign or accented
            # words.
            low = [w.lower().replace("’", "'") for w in words]
            foreign = sum(
                (w in _FOREIGN or not w.isascii()) and w not in _ENGLISH for w in low
            )
            if foreign >= 2 and foreign > sum(w in _ENGLISH for w in low):
                return True
            continue
        if _not_english_span(sentence) or _foreign_clause(sentence):
            return True
        lowered = [w.lower().replace("’", "'") for w in words]
        english = sum(w in _ENGLISH for w in lowered)
        accented = sum(not w.isascii() for w in lowered)
        # English sentences of five words or more carry function words; a
        # sentence with two accented words and almost none is another language.
        if accented >= 2 and english / len(lowered) < 0.25:
            return True
    return False
