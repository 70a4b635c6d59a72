"""Rows of the pattern table for medication: "the doc put me on metformin", "I'm on insulin
now", "took me off the statins", "finished my antibiotics", "switched from Zoloft to
Lexapro".

A medication is TAKES_MEDICATION, which accumulates (one takes several at once) and is
closed by an ending only: "off X", "stopped taking X", "no longer on X", "finished X", or
the old value of a switch. The drugs are a word list (``MEDICATIONS``: common prescription
and over-the-counter names and the generic kinds, "antibiotics", "the pill") and the stems
of the international nonproprietary names (``DRUG_STEM``: "losartan", "omeprazole").
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import RelationPattern as P
from chronomem.text.words import word_set

MEDICATIONS = word_set(
    """
    insulin metformin ozempic wegovy mounjaro semaglutide jardiance glipizide
    sertraline zoloft prozac fluoxetine lexapro escitalopram citalopram celexa paxil
    paroxetine wellbutrin bupropion effexor venlafaxine cymbalta duloxetine mirtazapine
    trazodone lithium lamotrigine lamictal abilify quetiapine seroquel
    adderall ritalin concerta vyvanse methylphenidate strattera
    lisinopril amlodipine losartan ramipril atorvastatin lipitor simvastatin rosuvastatin
    crestor statins propranolol metoprolol bisoprolol warfarin eliquis apixaban xarelto
    levothyroxine synthroid thyroxine prednisone prednisolone steroids methotrexate humira
    gabapentin pregabalin lyrica tramadol codeine oxycodone morphine naproxen ibuprofen
    paracetamol acetaminophen aspirin
    antibiotics amoxicillin penicillin doxycycline azithromycin antidepressants
    antihistamines cetirizine zyrtec claritin loratadine inhaler inhalers ventolin
    accutane isotretinoin spironolactone hrt estrogen progesterone testosterone
    melatonin iron-supplements birth-control the-pill beta-blockers blood-thinners
    """
)
# the kinds a drug is named by when it ends ("antibiotics done" of the penicillin held; "off
# the meds" of the one medication held: a kind of no members stands for any)
_ANTIBIOTICS = word_set("amoxicillin penicillin doxycycline azithromycin antibiotics")
_PAINKILLERS = word_set(
    "tramadol codeine oxycodone morphine naproxen ibuprofen paracetamol acetaminophen aspirin "
    "co-codamol cocodamol"
)
DRUG_KINDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("antibiotics", "antibiotic"), _ANTIBIOTICS),
    **dict.fromkeys(("painkillers", "painkiller"), _PAINKILLERS),
    "antidepressants": word_set(
        "sertraline zoloft prozac fluoxetine lexapro escitalopram citalopram celexa paxil "
        "paroxetine wellbutrin bupropion effexor venlafaxine cymbalta duloxetine mirtazapine"
    ),
    "statins": word_set("atorvastatin lipitor simvastatin rosuvastatin crestor statins"),
    "steroids": word_set("prednisone prednisolone steroids"),
    "antihistamines": word_set("cetirizine zyrtec claritin loratadine antihistamines"),
    **dict.fromkeys(("meds", "medication", "medicine", "tablets", "pills"), frozenset()),
}
# A drug the list does not hold, known by the stem of its international nonproprietary name
# (the WHO's naming stems: losartan, enalapril, bisoprolol, nifedipine, omeprazole, ...).
DRUG_STEM = (
    r"\b[a-z]{3,}(?:pril|sartan|olol|statin|dipine|azepam|azolam|oxetine|triptyline|prazole|"
    r"tidine|cillin|mycin|cycline|floxacin|triptan|gliptin|gliflozin|glutide|parin|xaban|"
    r"lukast|profen|coxib|setron|tinib|navir|conazole|umab|ximab|zumab|nisone|olone|"
    r"thiazide|semide|tiapine|peridol|traline|oxacin|vudine|dronate|formin|vir)\b"
)
# the trigger word a clause naming such a drug stands for (``patterns.candidate_patterns``)
DRUG_TRIGGER = "<drug>"
_MED = "|".join(sorted((w.replace("-", "[- ]") for w in MEDICATIONS), key=lambda w: -len(w)))
_MED = f"{_MED}|{DRUG_STEM}"
_OBJ = rf"(?:a |an |the |my |some |daily |low[- ]dose |a low dose of |a course of )?(?P<obj>{_MED})"
_WORDS = " ".join([*sorted(w.split("-")[-1] for w in MEDICATIONS), DRUG_TRIGGER])


def _taken(
    verbs: str, subject: str = "clause", *, ending: bool = False, switches: bool = False
) -> P:
    """A row of TAKES_MEDICATION: the drug its ``obj`` names, taken (or, ``ending``, no
    longer; ``switches``: in place of the one drug held before)."""
    return P(
        "TAKES_MEDICATION",
        verbs,
        "Medication",
        "inline",
        subject,
        ending=ending,
        template="{source} takes {target}",
        triggers=_WORDS,
        switches=switches,
    )


MEDICATION_ROWS: tuple[P, ...] = (
    _taken(  # "the doc switched me from sertraline to lexapro": the speaker's medication changes
        rf"\b(?:switched|switching|moved|changed|swapped|put) (?:me|us) (?:over )?from "
        rf"(?P<old>{_MED}) (?:to|onto) {_OBJ}\b",
        "possessor",
    ),
    _taken(  # a switch in the passive: "your warfarin was switched to apixaban"
        rf"\b(?P<old>{_MED}) (?:has been|had been|was|is|got) (?:switched|changed|replaced)"
        rf" (?:with|to|for|by) {_OBJ}\b",
        "possessor",
    ),
    _taken(  # a switch told by the new drug alone: "he change to valsartan", "the doctor
        # switched me to apixaban": the one drug held before ends
        rf"\b(?:switch(?:ed|es)?|chang(?:ed|es|e)|swapp?(?:ed|s)?) (?:me |us )?(?:over )?"
        rf"(?:to|onto) {_OBJ}\b",
        "possessor",
        switches=True,
    ),
    _taken(  # "switched from Zoloft to Lexapro": the old one ends, the new one starts
        rf"\b(?:switched|switching|moved|changed|went|going) (?:me |him |her )?from "
        rf"(?P<old>{_MED}) (?:to|onto) {_OBJ}\b"
    ),
    _taken(  # "took me off metformin", "stopped taking the statins", "finished my antibiotics"
        r"\b(?:(?:came|coming|come|got|get|getting|weaned|weaning|went|been|is|am|are|'m|'s)"
        r" off|took (?:him |her )?off|taken off|stopped(?: taking)?|quit(?: taking)?|no"
        r" longer (?:on|taking)|not on|not taking|no more|done with|finished|ran out of|gave "
        rf"up) {_OBJ}\b",
        ending=True,
    ),
    _taken(  # the course told over after the drug: "antibiotics finished", "steroids done",
        # "your warfarin has been stopped"
        rf"(?:^\W*|[,;:] |\b(?:and|my|the) ){_OBJ} (?:are |is |all |now |has been |have been "
        r"|was |were |got )?(?:finished|done|over|stopped|discontinued)\b",
        "possessor",
        ending=True,
    ),
    _taken(  # "I'm on insulin now", "she's been taking sertraline", "I take metformin"
        r"(?:(?:\b(?:am|is|are|now|still|been|be)|'m|'s|'re) (?:now |still |back )?on|\b(?:"
        r"started|starting|start|began|take|takes|taking)(?: taking)?|\bprescribed) " + _OBJ + r"\b"
    ),
    _taken(  # "the doc put me on metformin", "they started me on insulin": the speaker takes it
        r"\b(?:put|started|starting|got|switched|prescribed|gave|given|give|gives) (?:me|us) "
        r"(?:back )?(?:on |onto )?" + _OBJ + r"\b",
        "possessor",
    ),
    _taken(  # a course told on its own with its length: "Penicillin for ten days", "on
        # amoxicillin for a week" (the speaker's, opening a chat clause)
        r"(?:^\W*|[,;:] )(?:(?:and |then )?on )?" + _OBJ + r" for (?=(?:a|an|one|two|three|four|"
        r"five|six|seven|eight|nine|ten|twelve|fourteen|\d+|another|the next) )",
        "possessor",
    ),
    _taken(  # "my GP took me off the statins": the speaker's medication ends
        r"\b(?:took|taken|taking|take|got|get|weaned|switched) (?:me|us) off " + _OBJ + r"\b",
        "possessor",
        ending=True,
    ),
)
