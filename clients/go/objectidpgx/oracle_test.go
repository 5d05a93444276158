// The server's ObjectId against mongo-go-driver's bson.ObjectID, on
// thousands of values: random 12-byte values and bson-made ones go in as
// text; the server's text, bytes (bytea()) and objectid_timestamp() must be
// bson's Hex(), bytes and Timestamp(); server-made ids must parse in bson
// (ObjectIDFromHex) to the server's bytes.  Prints `oracle mongo-go-driver
// VERSION (ROUTE): values compared N, mismatches 0`; any mismatch fails.
package objectidpgx_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"objectid/clients/go/internal/testenv"
)

func TestOracle(t *testing.T) {
	e := testenv.Get(t)
	ctx := context.Background()
	conn := connect(t, e)
	const n = 3000

	var ids []bson.ObjectID
	var hexes []string
	for i := range n + n/10 {
		id := bson.NewObjectID()
		if i < n {
			_, _ = rand.Read(id[:])
		}
		ids = append(ids, id)
		hexes = append(hexes, id.Hex())
	}
	compared, mismatches := 0, []string{}
	same := func(ok bool, format string, args ...any) {
		compared++
		if !ok {
			mismatches = append(mismatches, fmt.Sprintf(format, args...))
		}
	}
	rows, err := conn.Query(ctx, "SELECT h::"+e.Typ()+"::text, "+e.Fn("bytea")+"(h::"+e.Typ()+"), "+
		e.Fn("objectid_timestamp")+"(h::"+e.Typ()+") FROM unnest($1::text[]) WITH ORDINALITY u(h, n) ORDER BY n", hexes)
	noErr(t, err, "query")
	defer rows.Close()
	i := 0
	for rows.Next() {
		var txt string
		var raw []byte
		var ts time.Time
		noErr(t, rows.Scan(&txt, &raw, &ts), "scan")
		id := ids[i]
		same(txt == id.Hex(), "text of %s: %s", id.Hex(), txt)
		same(bytes.Equal(raw, id[:]), "bytes of %s: %x", id.Hex(), raw)
		same(ts.Equal(id.Timestamp()), "timestamp of %s: %v, bson %v", id.Hex(), ts, id.Timestamp())
		i++
	}
	noErr(t, rows.Err(), "rows")
	same(i == len(ids), "rows %d", i)

	rows, err = conn.Query(ctx, "SELECT x::text, "+e.Fn("bytea")+"(x) FROM (SELECT "+e.Fn("objectid")+
		"() x FROM generate_series(1, $1)) s", n)
	noErr(t, err, "server ids")
	defer rows.Close()
	for rows.Next() {
		var txt string
		var raw []byte
		noErr(t, rows.Scan(&txt, &raw), "scan")
		id, err := bson.ObjectIDFromHex(txt)
		same(err == nil && bytes.Equal(id[:], raw), "bson's parse of the server's %s: %v", txt, err)
	}
	noErr(t, rows.Err(), "rows")

	fmt.Printf("oracle mongo-go-driver v2 (%s, schema %s): values compared %d, mismatches %d\n",
		e.Route, e.Schema, compared, len(mismatches))
	for j, m := range mismatches {
		if j == 20 {
			break
		}
		t.Error(m)
	}
}
