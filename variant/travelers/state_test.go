package travelers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// readOnlyVars are the package-level variables of the package, each with why
// it holds no state: set once when the package loads and never written
// after. Reuse between positions lives in a position's working memory
// (session.go), never here.
var readOnlyVars = map[string]string{
	"Travelers":         "the variant's rules, registered once",
	"epAnnihilationKey": "a hash key computed once",
	"noFirst":           "a constant pair Go cannot declare const",
	"coordExplosion":    "a compiled pattern, safe for concurrent use",
	"proverNames":       "a constant table of names Go cannot declare const",
}

// TestNoMutablePackageState checks that the package's code declares no
// package-level variable but the read-only ones, and writes none of those
// (an assignment, an increment or a field of theirs set).
func TestNoMutablePackageState(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		topLevel := map[any]bool{} // this file's package-level declarations
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				topLevel[spec] = true
				for _, id := range spec.(*ast.ValueSpec).Names {
					if _, ok := readOnlyVars[id.Name]; !ok && id.Name != "_" {
						t.Errorf("%s: package-level variable %s: keep state in the session (session.go), or say in readOnlyVars why it is read-only", fset.Position(id.Pos()), id.Name)
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var targets []ast.Expr
			switch s := n.(type) {
			case *ast.AssignStmt:
				targets = s.Lhs
			case *ast.IncDecStmt:
				targets = []ast.Expr{s.X}
			}
			for _, x := range targets {
				// An identifier of another file is unresolved (Obj nil); one of
				// this file resolves to its declaration.
				if root := rootIdent(x); root != nil && (root.Obj == nil || topLevel[root.Obj.Decl]) {
					if _, ok := readOnlyVars[root.Name]; ok {
						t.Errorf("%s: %s is written: it must stay read-only", fset.Position(x.Pos()), root.Name)
					}
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked: run the test in the package's directory", checked)
	}
}

// rootIdent returns the variable an assignment target starts from (x in
// x.f[i].g), or nil.
func rootIdent(x ast.Expr) *ast.Ident {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e
		case *ast.SelectorExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.StarExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			return nil
		}
	}
}
