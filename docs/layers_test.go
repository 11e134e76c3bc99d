package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// module is the import path of the repository's module.
const module = "timechess"

// goPackage is what the layering test knows of one package of the module:
// the files that are not tests, and the module's packages they import.
type goPackage struct {
	files   map[string]*ast.File
	imports map[string][]*ast.ImportSpec // module package, relative ("rules") -> its import specs
}

// readPackages parses the non-test Go files of every package under the
// module root, imports only unless full is set, keyed by the directory
// relative to root ("rules", "variant/gifford").
func readPackages(t *testing.T, root string, full bool) map[string]*goPackage {
	t.Helper()
	mode := parser.ImportsOnly
	if full {
		mode = parser.SkipObjectResolution
	}
	pkgs := map[string]*goPackage{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, mode)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		pk := pkgs[rel]
		if pk == nil {
			pk = &goPackage{files: map[string]*ast.File{}, imports: map[string][]*ast.ImportSpec{}}
			pkgs[rel] = pk
		}
		pk.files[path] = f
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if dep, ok := strings.CutPrefix(ip, module+"/"); ok {
				pk.imports[dep] = append(pk.imports[dep], im)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// layerRow is a row of the layer table of design.md: "| 2 | `game`, `pgn` |".
var layerRow = regexp.MustCompile("^\\| (\\d+) \\| (`[^|]*`) \\|$")

// readLayers returns the layer of each package in design.md's table.
func readLayers(t *testing.T) map[string]int {
	t.Helper()
	text, err := os.ReadFile("design.md")
	if err != nil {
		t.Fatal(err)
	}
	layers := map[string]int{}
	for _, line := range strings.Split(string(text), "\n") {
		m := layerRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		for _, name := range strings.Split(m[2], ",") {
			name = strings.Trim(strings.TrimSpace(name), "`")
			if _, dup := layers[name]; dup {
				t.Errorf("design.md: %s is in two layers", name)
			}
			layers[name] = n
		}
	}
	if len(layers) == 0 {
		t.Fatal("design.md has no layer table")
	}
	return layers
}

// TestLayers checks the layers of design.md against the imports: every
// package of the module is in the table, and imports only packages of
// lower layers.
func TestLayers(t *testing.T) {
	pkgs := readPackages(t, "..", false)
	layers := readLayers(t)
	var names []string
	for name := range pkgs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		layer, ok := layers[name]
		if !ok {
			t.Errorf("package %s is in no layer of design.md's table", name)
			continue
		}
		for dep := range pkgs[name].imports {
			if l, ok := layers[dep]; ok && l >= layer {
				t.Errorf("%s (layer %d) imports %s (layer %d): design.md's layers say it may not", name, layer, dep, l)
			}
		}
	}
	for name := range layers {
		if _, ok := pkgs[name]; !ok {
			t.Errorf("design.md's layer table names %s, which is no package", name)
		}
	}
}

// TestNoVariantByPackage checks that no package learns a variant by its
// package: only variant/all imports the variant packages, and the command
// the Time Thief's for the file format it imports; variant/all itself is
// imported blank, for the registration. The server, the terminal diagram
// and the engine reach the variants through rules.Variant and its optional
// interfaces.
func TestNoVariantByPackage(t *testing.T) {
	allowed := map[string]map[string]bool{
		"variant/all":   {"variant/chess": true, "variant/gifford": true, "variant/timethief": true, "variant/travelers": true},
		"cmd/timechess": {"variant/timethief": true},
	}
	for name, pk := range readPackages(t, "..", false) {
		for dep, specs := range pk.imports {
			switch {
			case dep == "variant/all":
				for _, im := range specs {
					if im.Name == nil || im.Name.Name != "_" {
						t.Errorf("%s imports variant/all by name: only blank, to register the variants", name)
					}
				}
			case strings.HasPrefix(dep, "variant/") && !allowed[name][dep]:
				t.Errorf("%s imports %s: it must reach the variant through rules (Variant, OffBoarder, the Spec)", name, dep)
			}
		}
	}
}

// TestEngineBesideVariants checks that nothing of the game's rules and
// records imports the engine: it sits on rules beside the variants.
func TestEngineBesideVariants(t *testing.T) {
	for name, pk := range readPackages(t, "..", false) {
		rulesSide := name == "rules" || name == "notation" || name == "game" || name == "pgn" ||
			name == "perft" || strings.HasPrefix(name, "variant/")
		if _, ok := pk.imports["engine"]; ok && rulesSide {
			t.Errorf("%s imports engine: the engine builds on the rules, not the other way round", name)
		}
	}
}

// TestCoreReadsNoVariantState checks that package rules reads none of the
// variant fields of State.Extra (as declared in rules/extra.go): the
// bookings, travels and lost traveling men are their variants' own.
func TestCoreReadsNoVariantState(t *testing.T) {
	rules := readPackages(t, "../rules", true)["."]
	fields := map[string]bool{}
	for _, f := range rules.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "Extra" {
				for _, fl := range ts.Type.(*ast.StructType).Fields.List {
					for _, id := range fl.Names {
						fields[id.Name] = true
					}
				}
			}
			return true
		})
	}
	if len(fields) == 0 {
		t.Fatal("no type Extra in package rules")
	}
	for path, f := range rules.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && fields[sel.Sel.Name] {
				t.Errorf("%s reads %s, a variant's field of State.Extra", path, sel.Sel.Name)
			}
			return true
		})
	}
}
