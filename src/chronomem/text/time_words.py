"""Words that place a clause in time: cues that look ahead, and the calendar nouns of plans.

Read by the tense of a clause (``tense.py``), by the date finder (``dates.py``) and by the
rule extractor's plan readers.
"""

from __future__ import annotations

from chronomem.text.words import phrases, word_set

FUTURE_CUES = phrases(
    "will|'ll|going to|gonna|plan to|planning to|planning on|hope to|hoping to|about to|"
    "can't wait|looking forward|soon|upcoming|next|scheduled for|booked for|set for|"
    "is on the|is on|'s on|appointment on|interview on|surgery on|flight on|wedding on|"
    "tickets for|moved to|pushed to|rescheduled|postponed|need to|have to"
)

PLAN_HEADS = word_set(
    "appointment meeting interview surgery exam flight trip wedding party date checkup "
    "check-up vacation holiday concert recital dinner reservation class session call "
    "presentation deadline visit"
    # events people put in a calendar ("parent-teacher conference next Tuesday at 4"); a
    # plan is still only read with a date ahead
    " conference ceremony graduation funeral reunion rehearsal lesson lessons practice "
    "tournament gig hearing consultation offsite retreat scan procedure viewing "
    "orientation playdate sleepover shower"
    # written short, and what a salon books
    " appt appts haircut"
    # round 23: gatherings, days of a life event, and what a clinic gives ("bbq at mine
    # sunday the 16th", "moving day is a fortnight from now", "my driving test is on the 3rd")
    " bbq barbecue picnic housewarming birthday anniversary christening baptism moving-day "
    "hen-do stag-do get-together potluck cruise test audition operation injection jab "
    "vaccination booster delivery"
)

# whom one has an appointment with: "dentist on the 20th", "physio thurs" are calendar lines
APPOINTMENT_ROLES = word_set(
    "dentist doctor gp physio physiotherapist hairdresser barber optician vet orthodontist"
)

# the last stretch of a job, whose day ends it: "my last day", "final shift", "last night shift"
LAST_STRETCH = r"(?:last|final) (?:(?:night|day|late|early) )?(?:day|shift|week)"
