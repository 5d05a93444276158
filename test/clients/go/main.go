// test/clients/go/main.go: an application of the Go module as a user
// installs it: test/clients/prepare unzips clients/pack's
// objectid-clients-go-vX.Y.Z.zip and builds this file in a module of its
// own with clients/go/README.md's commands (go mod edit -require
// -replace, go mod tidy), so it links the installed copy, never the source
// tree.  Run by test/clients/check against the database named by the PG*
// environment, where objectid is installed in the schema given as the first
// argument by the route given as the second ("c" or "plain"):
//
//   - a bson.ObjectID goes in as a parameter after objectidpgx.Register and
//     scans back equal;
//   - then, on the C extension, a time window written through the id's second,
//     `WHERE id::timestamptz >= $1`, with a time.Time bound, is read through
//     the key's index from a new connection's first statement after Register
//     (issue 47), and from its second, on the table client_windows that
//     test/clients/check made (see ../window_plan.py).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.mongodb.org/mongo-driver/v2/bson"
	"objectid/clients/go/objectidpgx"
)

var passed int

func check(ok bool, format string, args ...any) {
	if !ok {
		fmt.Fprintf(os.Stderr, "FAIL: "+format+"\n", args...)
		os.Exit(1)
	}
	passed++
}

// scans: the plan's nodes, as "Node Type on index or relation"
func scans(node map[string]any) []string {
	name, _ := node["Index Name"].(string)
	if name == "" {
		name, _ = node["Relation Name"].(string)
	}
	out := []string{fmt.Sprintf("%v on %s", node["Node Type"], name)}
	children, _ := node["Plans"].([]any)
	for _, c := range children {
		out = append(out, scans(c.(map[string]any))...)
	}
	return out
}

// connect: a new connection, registered
func connect(ctx context.Context) *pgx.Conn {
	conn, err := pgx.Connect(ctx, "")
	check(err == nil, "connect: %v", err)
	check(objectidpgx.Register(ctx, conn) == nil, "Register")
	return conn
}

func main() {
	schema, route := os.Args[1], os.Args[2]
	ctx := context.Background()

	conn := connect(ctx)
	id := bson.NewObjectID()
	var back bson.ObjectID
	err := conn.QueryRow(ctx, `SELECT $1::"`+schema+`".objectid`, id).Scan(&back)
	check(err == nil && back == id, "an ObjectID in and back: %v %v", back, err)
	conn.Close(ctx)

	if route == "c" {
		conn = connect(ctx)
		bound := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
		for _, which := range []string{"first", "second"} {
			var plan []map[string]any
			var raw []byte
			err = conn.QueryRow(ctx, "EXPLAIN (FORMAT JSON) SELECT id FROM client_windows WHERE id::timestamptz >= $1",
				bound).Scan(&raw)
			check(err == nil, "EXPLAIN: %v", err)
			check(json.Unmarshal(raw, &plan) == nil, "the plan's JSON: %s", raw)
			nodes := scans(plan[0]["Plan"].(map[string]any))
			uses := false
			for _, n := range nodes {
				uses = uses || strings.HasSuffix(n, " on client_windows_pkey")
			}
			check(uses, "a time.Time bound, a new connection's %s statement after Register: %q, not the key's index",
				which, nodes)
		}
		conn.Close(ctx)
	}

	module := "objectid/clients/go"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == module {
				module += " " + dep.Version
				if dep.Replace != nil {
					module += " (installed in " + dep.Replace.Path + ")"
				}
			}
		}
	}
	fmt.Printf("go application (%s, %s, schema %s): %d checks passed\n", module, route, schema, passed)
}
