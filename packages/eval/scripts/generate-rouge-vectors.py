#!/usr/bin/python3
"""Writes src/metrics/rouge-vectors.json: ROUGE-1 F-measures of generated sentence pairs for ADK's three response
matchers (V1, V2, V3 in packages/eval/src/metrics/rouge1.ts), computed in Python with Debian's python3-nltk stemmer,
Python's str.lower/str.split and unicodedata. rouge-score itself is not installable here, so its tokenizer and
scorer are re-derived below from their description (research note eval-devui.md A4.2-A4.5). Run once:

    /usr/bin/python3 packages/eval/scripts/generate-rouge-vectors.py
"""
import json
import os
import random
import re
import unicodedata

from nltk.stem.porter import PorterStemmer

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'src', 'metrics', 'rouge-vectors.json')
VOCABULARY = os.path.join(HERE, '..', 'src', 'text', 'stemmer-vectors.json')
stemmer = PorterStemmer()


def default_tokens(text, stem):
    text = re.sub(r'[^a-z0-9]+', ' ', text.lower())
    tokens = re.split(r'\s+', text)
    if stem:
        tokens = [stemmer.stem(t) if len(t) > 3 else t for t in tokens]
    return [t for t in tokens if re.match(r'^[a-z0-9]+$', t)]


def whitespace_tokens(text):
    out = []
    for word in text.lower().split():
        if any(ord(c) > 127 for c in word):
            out.extend(list(word))
        else:
            kept = re.sub(r'[^a-z0-9]', '', word)
            if kept:
                out.append(kept)
    return out


def is_latin(text):
    letters = [c for c in text if unicodedata.category(c).startswith('L')]
    if not letters:
        return True
    latin = [c for c in letters if 'LATIN' in unicodedata.name(c, '')]
    return len(latin) / len(letters) > 0.5


def fmeasure(reference, candidate):
    ref, cand = {}, {}
    for t in reference:
        ref[t] = ref.get(t, 0) + 1
    for t in candidate:
        cand[t] = cand.get(t, 0) + 1
    overlap = sum(min(count, cand.get(t, 0)) for t, count in ref.items())
    precision = overlap / max(len(candidate), 1)
    recall = overlap / max(len(reference), 1)
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


def v1(candidate, reference):
    return fmeasure(default_tokens(reference, True), default_tokens(candidate, True))


def v2(candidate, reference):
    stem = is_latin(candidate) and is_latin(reference)
    return fmeasure(default_tokens(reference, stem), default_tokens(candidate, stem))


def v3(candidate, reference):
    if any(ord(c) > 127 for c in candidate + reference):
        return fmeasure(whitespace_tokens(reference), whitespace_tokens(candidate))
    return v1(candidate, reference)


EXTRAS = ['16-sided', '13.', '4,', 'café', 'naïve', 'résumé', '你好', '世界', 'こんにちは', 'Привет', 'مرحبا', 'สวัสดี',
          '😀', '🚀', 'It’s', '“quoted”', "don't", 'e-mail', 'KELVIN\u212a', 'Straße', 'İstanbul', 'ﬁle', '42', '3.14',
          '—', '...', '!', '(a)', 'x_y', 'UPPER', 'Running', 'day', 'days', 'always']


def sentence(rng, words):
    n = rng.randint(0, 12)
    parts = []
    for _ in range(n):
        parts.append(rng.choice(EXTRAS) if rng.random() < 0.2 else rng.choice(words))
    text = ' '.join(parts)
    if text and rng.random() < 0.5:
        text = text[0].upper() + text[1:] + rng.choice(['.', '?', '!', ''])
    return text


def main():
    with open(VOCABULARY, encoding='utf-8') as handle:
        words = [word for word, _ in json.load(handle)['vectors']]
    rng = random.Random(20261123)
    pairs = [('', ''), ('', 'anything'), ('anything', '')]
    while len(pairs) < 300:
        candidate = sentence(rng, words)
        # Half the references share words with the candidate, so the scores spread over (0, 1).
        reference = ' '.join(rng.sample(candidate.split(), k=min(len(candidate.split()), rng.randint(0, 6)))) + ' ' + sentence(rng, words) \
            if rng.random() < 0.5 else sentence(rng, words)
        pairs.append((candidate, reference.strip()))
    vectors = [[c, r, v1(c, r), v2(c, r), v3(c, r)] for c, r in pairs]
    with open(OUT, 'w', encoding='utf-8') as handle:
        handle.write('{"generator": "scripts/generate-rouge-vectors.py", "columns": ["candidate", "reference", "v1", "v2", "v3"],\n')
        handle.write('"vectors": [\n')
        handle.write(',\n'.join(json.dumps(vector, ensure_ascii=False) for vector in vectors))
        handle.write('\n]}\n')
    print(f'{len(vectors)} vectors written to {os.path.normpath(OUT)}')


if __name__ == '__main__':
    main()
