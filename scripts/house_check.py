"""The house's structure habits, measured: modules over 400 lines, functions over 60 lines,
`_private` names imported across modules and import circles in renovation_app/ (content and
migrations aside). It prints what it finds; the habits are a guide, not a gate.

    .venv/bin/python scripts/house_check.py
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "renovation_app"
MODULE_MAX, FUNCTION_MAX = 400, 60


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def measured(path: Path) -> bool:
    return "content" not in path.relative_to(PACKAGE).parts[:1]


def imports_of(tree: ast.Module, name: str, is_package: bool) -> list[tuple[str, str]]:
    """(module, imported name) for each `from x import y` at any depth."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")
                parent = parent if is_package else parent[:-1]
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.extend((base, alias.name) for alias in node.names)
    return found


def top_level_imports(tree: ast.Module, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The renovation_app modules imported when this one is (not inside functions); `from a
    import b` where a.b is a module imports a.b, and a too unless this module is inside a (then
    a is being imported already)."""
    found = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for module, imported in imports_of(
                ast.Module(body=[node], type_ignores=[]), name, is_package
            ):
                if f"{module}.{imported}" in modules:
                    found.add(f"{module}.{imported}")
                    if not name.startswith(module + "."):  # from outside, a/__init__ runs too
                        found.add(module)
                elif module.startswith("renovation_app"):
                    found.add(module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("renovation_app"))
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return groups


def main() -> int:
    long_modules, long_functions, private_imports = [], [], []
    graph: dict[str, set[str]] = {}
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    for path in paths:
        source = path.read_text()
        tree = ast.parse(source)
        name = module_name(path)
        is_package = path.name == "__init__.py"
        # A package's own names count as imported from its modules, not as an edge to itself.
        imported = top_level_imports(tree, name, is_package, modules)
        graph[name] = {m for m in imported if m != name}
        lines = len(source.splitlines())
        if measured(path) and lines > MODULE_MAX:
            long_modules.append(f"{lines:5d}  {path.relative_to(ROOT)}")
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if measured(path) and length > FUNCTION_MAX:
                    where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
                    long_functions.append(f"{length:5d}  {where}")
        for module, imported in imports_of(tree, name, is_package):
            if imported.startswith("_") and not imported.startswith("__"):
                if module.startswith("renovation_app") and module != name:
                    private_imports.append(f"{path.relative_to(ROOT)}: {imported} from {module}")
    # A module's import of a package's submodule goes through the package's __init__ too.
    for source, targets in graph.items():
        graph[source] = {t for t in targets if t in graph} | {
            t.rsplit(".", 1)[0] for t in targets if t not in graph and t.rsplit(".", 1)[0] in graph
        }
    found_circles = [c for c in circles(graph) if not all(m.endswith("__init__") for m in c)]
    print(f"Modules over {MODULE_MAX} lines (content aside): {len(long_modules)}")
    print(*long_modules, sep="\n") if long_modules else None
    print(f"Functions over {FUNCTION_MAX} lines: {len(long_functions)}")
    print(*long_functions, sep="\n") if long_functions else None
    print(f"Private names imported across modules: {len(private_imports)}")
    print(*private_imports, sep="\n") if private_imports else None
    print(f"Import circles: {len(found_circles)}")
    for circle in found_circles:
        print("  " + " <-> ".join(circle))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
