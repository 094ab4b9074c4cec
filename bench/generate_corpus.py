#!/usr/bin/env python3
"""Writes a deterministic synthetic TCA corpus for benchmarks.

N features, alternating legacy (five files: State, Action, Reducer, Environment, View) and
modern (a `@Reducer` feature file and a view file), realistic in size and shape: State with
5-30 properties, Action with 5-40 cases, reducers with effects, environments, views. A known
number of violations is planted; `manifest.json` lists them by rule id so a benchmark can
check that every planted violation is found.

    bench/generate_corpus.py OUT_DIR --features 400 --seed 1
"""
import argparse
import json
import pathlib
import random

PROPERTY_TYPES = [("String", '""'), ("Int", "0"), ("Bool", "false"), ("[String]", "[]"), ("Date?", "nil"),
                  ("Double", "0"), ("UUID?", "nil"), ("[Int]", "[]")]
NOUNS = ["title", "subtitle", "count", "items", "isLoading", "query", "selection", "total", "username", "email",
         "message", "price", "quantity", "rating", "isEnabled", "notes", "tags", "createdAt", "identifier", "summary",
         "street", "city", "zipCode", "country", "phone", "website", "comment", "status", "progressValue", "limit",
         "page", "filter", "sortOrder", "isExpanded", "draftText", "errorText", "retryCount", "balance", "score",
         "level"]
EVENTS = ["ButtonTapped", "Changed", "Selected", "Appeared", "Dismissed", "Toggled", "Submitted", "Refreshed"]

VIOLATIONS = ["state-animation-value", "action-generic-case", "reducer-side-effect", "reducer-default-case"]


def camel(words):
    return words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:])


class Feature:
    def __init__(self, rng: random.Random, index: int):
        self.name = f"Feature{index:04d}"
        self.properties = []
        for n in rng.sample(NOUNS, rng.randint(5, 30)):
            swift_type, default = rng.choice(PROPERTY_TYPES)
            self.properties.append((n, swift_type, default))
        cases = []
        for _ in range(rng.randint(5, 40)):
            noun = rng.choice(NOUNS)
            event = rng.choice(EVENTS)
            payload = "String" if event in ("Changed", "Selected") else None
            name = camel([noun, event[0].lower() + event[1:]])
            if name not in [c[0] for c in cases]:
                cases.append((name, payload))
        cases.append(("dataResponse", "Result<[String], Error>"))
        self.cases = cases
        self.violation = rng.choice(VIOLATIONS) if rng.random() < 0.25 else None
        if self.violation == "state-animation-value":
            self.properties.append(("badgeScale", "CGFloat", "1"))
        if self.violation == "action-generic-case":
            self.cases.append(("update", "String"))


def reducer_cases(feature: Feature, indent: str, effect: str) -> list:
    lines = []
    for index, (name, payload) in enumerate(feature.cases):
        if feature.violation == "reducer-default-case" and index == len(feature.cases) - 1:
            lines += [f"{indent}default:", f"{indent}  return .none"]
            break
        if name == "dataResponse":
            lines += [f"{indent}case let .dataResponse(.success(items)):", f"{indent}  state.{feature.properties[0][0]} = " +
                      ("items.first ?? \"\"" if feature.properties[0][1] == "String" else f"{feature.properties[0][1] == 'Bool' and 'false' or feature.properties[0][2]}"),
                      f"{indent}  return .none", f"{indent}case .dataResponse(.failure):", f"{indent}  return .none"]
            continue
        pattern = f"case let .{name}(value)" if payload else f"case .{name}"
        lines.append(f"{indent}{pattern}:")
        if index == 0 and feature.violation == "reducer-side-effect":
            lines.append(f'{indent}  print("{name}")')
        if payload and any(p[1] == "String" for p in feature.properties):
            target = next(p[0] for p in feature.properties if p[1] == "String")
            lines.append(f"{indent}  state.{target} = value")
        if index % 4 == 1:
            lines += [f"{indent}  return {effect}"]
        else:
            lines.append(f"{indent}  return .none")
    return lines


def legacy(feature: Feature, folder: pathlib.Path):
    n = feature.name
    props = "\n".join(f"    var {p}: {t} = {d}" for p, t, d in feature.properties)
    (folder / f"{n}State.swift").write_text(f"import Foundation\n\nstruct {n}State: Equatable {{\n{props}\n}}\n")
    cases = "\n".join(f"    case {c}({p})" if p else f"    case {c}" for c, p in feature.cases)
    (folder / f"{n}Action.swift").write_text(f"import Foundation\n\nenum {n}Action {{\n{cases}\n}}\n")
    (folder / f"{n}Environment.swift").write_text(f"""import ComposableArchitecture
import Foundation

struct {n}Environment {{
    var fetchItems: () -> Effect<[String], Error>
    var mainQueue: AnySchedulerOf<DispatchQueue>

    static var mock: Self {{
        Self(fetchItems: {{ Effect(value: []) }}, mainQueue: .immediate)
    }}

    static var live: Self {{
        Self(fetchItems: {{ Effect(value: ["a", "b"]) }}, mainQueue: .main)
    }}
}}
""")
    effect = (f"environment.fetchItems()\n                .receive(on: environment.mainQueue)\n"
              f"                .catchToEffect({n}Action.dataResponse)")
    body = "\n".join(reducer_cases(feature, "    ", effect))
    (folder / f"{n}Reducer.swift").write_text(f"""import ComposableArchitecture

let {n[0].lower() + n[1:]}Reducer = Reducer<{n}State, {n}Action, {n}Environment> {{ state, action, environment in
    switch action {{
{body}
    }}
}}
""")
    buttons = "\n".join(f'                Button("{c}") {{ viewStore.send(.{c}) }}' for c, p in feature.cases[:6] if not p)
    (folder / f"{n}View.swift").write_text(f"""import ComposableArchitecture
import SwiftUI

struct {n}View: View {{
    let store: Store<{n}State, {n}Action>

    var body: some View {{
        WithViewStore(store) {{ viewStore in
            VStack {{
                Text(viewStore.{feature.properties[0][0]}.description)
{buttons}
            }}
        }}
    }}
}}
""")


def modern(feature: Feature, folder: pathlib.Path):
    n = feature.name
    props = "\n".join(f"        var {p}: {t} = {d}" for p, t, d in feature.properties)
    cases = "\n".join(f"        case {c}({p})" if p else f"        case {c}" for c, p in feature.cases)
    effect = ("\n".join([".run { send in",
                         "                    await send(.dataResponse(Result { try await itemsClient.fetch() }))",
                         "                  }"]))
    body = "\n".join(reducer_cases(feature, "                ", effect))
    (folder / f"{n}Feature.swift").write_text(f"""import ComposableArchitecture
import Foundation

@Reducer
struct {n}Feature {{
    @ObservableState
    struct State: Equatable {{
{props}
    }}

    enum Action {{
{cases}
    }}

    @Dependency(\\.itemsClient) var itemsClient

    var body: some ReducerOf<Self> {{
        Reduce {{ state, action in
            switch action {{
{body}
            }}
        }}
    }}
}}
""")
    buttons = "\n".join(f'            Button("{c}") {{ store.send(.{c}) }}' for c, p in feature.cases[:6] if not p)
    (folder / f"{n}View.swift").write_text(f"""import ComposableArchitecture
import SwiftUI

struct {n}View: View {{
    let store: StoreOf<{n}Feature>

    var body: some View {{
        VStack {{
            Text(store.{feature.properties[0][0]}.description)
{buttons}
        }}
    }}
}}
""")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--features", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    planted = {rule: 0 for rule in VIOLATIONS}
    files = lines = 0
    for index in range(args.features):
        feature = Feature(rng, index)
        dialect = "Legacy" if index % 2 == 0 else "Modern"
        folder = args.out / dialect / feature.name
        folder.mkdir(parents=True, exist_ok=True)
        (legacy if dialect == "Legacy" else modern)(feature, folder)
        if feature.violation:
            planted[feature.violation] += 1
    for path in args.out.rglob("*.swift"):
        files += 1
        lines += path.read_text().count("\n")
    manifest = {"features": args.features, "seed": args.seed, "files": files, "lines": lines, "planted": planted}
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    print(json.dumps(manifest, sort_keys=True))


if __name__ == "__main__":
    main()
