// Package testenv: what the module's tests against a live server share.
//
// The server: OBJECTID_TEST_DSN, a pgx connection string (the PG*
// environment fills in what it leaves out); unset, the tests that need a
// server are skipped, saying so.  OBJECTID_TEST_SCHEMA names the schema
// objectid is installed in (default public), OBJECTID_TEST_ROUTE how: "c"
// (the C extension, the default) or "plain" (the portable edition's
// portable/objectid.sql, a domain over text).
package testenv

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"os"
	"sync/atomic"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Env is the server under test.
type Env struct {
	DSN    string
	Schema string
	Route  string
}

// Typ is the type's name, qualified by its schema.
func (e Env) Typ() string { return `"` + e.Schema + `".objectid` }

// Fn is a function of the extension, qualified by its schema.
func (e Env) Fn(name string) string { return `"` + e.Schema + `".` + name }

// Eq is the objectid = operator, named so that the schema need not be on
// the search_path (the plain edition's is text's, in pg_catalog).
func (e Env) Eq() string {
	if e.Route == "plain" {
		return "="
	}
	return `OPERATOR("` + e.Schema + `".=)`
}

// Get is the server under test; it skips the test when there is none.
func Get(t *testing.T) Env {
	t.Helper()
	e := Env{DSN: os.Getenv("OBJECTID_TEST_DSN"), Schema: os.Getenv("OBJECTID_TEST_SCHEMA"),
		Route: os.Getenv("OBJECTID_TEST_ROUTE")}
	if e.DSN == "" {
		t.Skip("OBJECTID_TEST_DSN is not set: no server to test against")
	}
	if e.Schema == "" {
		e.Schema = "public"
	}
	if e.Route == "" {
		e.Route = "c"
	}
	if e.Route != "c" && e.Route != "plain" {
		t.Fatalf("OBJECTID_TEST_ROUTE=%q: c or plain", e.Route)
	}
	return e
}

var checks atomic.Int64

// Check fails the test unless cond holds, and counts it.
func Check(t *testing.T, cond bool, format string, args ...any) {
	t.Helper()
	if !cond {
		t.Fatalf(format, args...)
	}
	checks.Add(1)
}

// NoErr fails the test on an error, and counts the check.
func NoErr(t *testing.T, err error, what string) {
	t.Helper()
	Check(t, err == nil, "%s: %v", what, err)
}

// Main runs the tests and prints the count of checks passed.
func Main(m *testing.M, name string) {
	code := m.Run()
	e := fmt.Sprintf("%s, schema %s", os.Getenv("OBJECTID_TEST_ROUTE"), os.Getenv("OBJECTID_TEST_SCHEMA"))
	if os.Getenv("OBJECTID_TEST_DSN") == "" {
		e = "no server"
	}
	fmt.Printf("%s (%s): %d checks passed\n", name, e, checks.Load())
	os.Exit(code)
}

// ClientIDs: ObjectIDs made by bson, 20 now, and at the edges of the
// unsigned 32-bit second (a first byte >= 0x80 tells an unsigned order
// from a signed one), all-zero and all-ones.
func ClientIDs() []bson.ObjectID {
	var ids []bson.ObjectID
	for range 20 {
		ids = append(ids, bson.NewObjectID())
	}
	for _, sec := range []uint32{0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff} {
		var id bson.ObjectID
		binary.BigEndian.PutUint32(id[:4], sec)
		_, _ = rand.Read(id[4:])
		ids = append(ids, id)
	}
	var ones bson.ObjectID
	for i := range ones {
		ones[i] = 0xff
	}
	return append(ids, bson.NilObjectID, ones)
}
