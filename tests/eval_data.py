"""Small benchmark files in each published shape, written by the eval tests."""

from __future__ import annotations

import json
from pathlib import Path

LOCOMO = [
    {
        "sample_id": "conv-1",
        "conversation": {
            "speaker_a": "Caroline",
            "speaker_b": "Melanie",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Caroline", "dia_id": "D1:1", "text": "Hey Mel! How have you been?"},
                {
                    "speaker": "Melanie",
                    "dia_id": "D1:2",
                    "text": "Busy! I took my kids camping at the lake.",
                },
                {
                    "speaker": "Caroline",
                    "dia_id": "D1:3",
                    "text": "I went to a pottery class on Sunday.",
                    "blip_caption": "a clay bowl on a wheel",
                },
            ],
            "session_2_date_time": "10:37 am on 27 June, 2023",
            "session_2": [
                {
                    "speaker": "Melanie",
                    "dia_id": "D2:1",
                    "text": "We adopted a puppy named Luna last week!",
                },
                {
                    "speaker": "Caroline",
                    "dia_id": "D2:2",
                    "text": "Luna is adorable. I started painting sunsets.",
                },
            ],
        },
        "qa": [
            {
                "question": "What is the name of Melanie's puppy?",
                "answer": "Luna",
                "evidence": ["D2:1"],
                "category": 4,
            },
            {
                "question": "Where did Melanie take her kids camping?",
                "answer": "the lake",
                "evidence": ["D1:2"],
                "category": 4,
            },
            {
                "question": "What does Caroline do for art?",
                "answer": "pottery and painting",
                "evidence": ["D1:3", "D2:2"],
                "category": 1,
            },
            {
                "question": "What did Caroline realise after the race?",
                "evidence": ["D1:1"],
                "category": 5,
                "adversarial_answer": "self-care",
            },
        ],
    },
    {
        "sample_id": "conv-2",
        "conversation": {
            "speaker_a": "Jon",
            "speaker_b": "Gina",
            "session_1_date_time": "4:04 pm on 20 January, 2023",
            "session_1": [
                {"speaker": "Jon", "dia_id": "D1:1", "text": "I lost my job as a banker."},
                {"speaker": "Gina", "dia_id": "D1:2", "text": "I opened a clothing store online."},
            ],
        },
        "qa": [
            {
                "question": "What did Gina open?",
                "answer": "an online clothing store",
                "evidence": ["D1:2"],
                "category": 4,
            },
        ],
    },
]

LONGMEMEVAL = [
    {
        "question_id": "q-temporal-1",
        "question_type": "temporal-reasoning",
        "question": "How many days before the concert did I buy the guitar?",
        "answer": "10 days",
        "question_date": "2023/06/01 (Thu) 10:00",
        "haystack_session_ids": ["s-a", "answer_s-b"],
        "haystack_dates": ["2023/05/01 (Mon) 09:00", "2023/05/20 (Sat) 02:21"],
        "haystack_sessions": [
            [
                {"role": "user", "content": "Can you suggest a recipe for lentil soup?"},
                {"role": "assistant", "content": "Sure: lentils, onion, carrot and cumin."},
            ],
            [
                {
                    "role": "user",
                    "content": "I bought a new guitar on May 10th for the concert on May 20th.",
                    "has_answer": True,
                },
                {"role": "assistant", "content": "Nice, enjoy the concert!"},
            ],
        ],
        "answer_session_ids": ["answer_s-b"],
    },
    {
        "question_id": "q-none_abs",
        "question_type": "single-session-user",
        "question": "What is the name of my cat?",
        "answer": "You did not mention a cat.",
        "question_date": "2023/06/02 (Fri) 10:00",
        "haystack_session_ids": ["s-c"],
        "haystack_dates": ["2023/05/02 (Tue) 09:00"],
        "haystack_sessions": [[{"role": "user", "content": "I like hiking in the Alps."}]],
        "answer_session_ids": [],
    },
]

JSONL = [
    {
        "type": "turn",
        "conversation": "c1",
        "id": "t1",
        "session": "s1",
        "speaker": "Alice",
        "text": "I moved to Lisbon in March.",
        "time": "2024-03-05T10:00:00Z",
    },
    {
        "type": "turn",
        "conversation": "c1",
        "id": "t2",
        "session": "s2",
        "speaker": "Alice",
        "text": "My sister visits me next week.",
        "time": "2024-04-01T10:00:00Z",
    },
    {
        "type": "question",
        "conversation": "c1",
        "id": "q1",
        "question": "Where does Alice live?",
        "answer": "Lisbon",
        "evidence": ["t1"],
        "category": "single-hop",
    },
]


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data))
    return path


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path
