// Tests of objectidpgx against a live server (internal/testenv says which).
//
// ObjectIDs made by bson and by the server's objectid() go in through every
// query mode pgx has (prepared and cached, described, unprepared, the simple
// protocol) and COPY, and come back in the text and the binary format as
// bson.ObjectID: equal to the source, equal to the server's own text and
// bytes, sorted by ORDER BY as their bytes sort, objectid_timestamp() equal
// to bson's Timestamp() (to 2106); objectid[] as []bson.ObjectID both ways;
// NULL as a nil pointer; a string that is not an ObjectId refused by the
// server with 22P02, changing nothing.  Before Register, pgx cannot scan the
// type into bson.ObjectID (so the codec is what makes it work).  A pool
// registers through AfterConnect.  The plain edition's domain (route
// "plain") is described as text in results: its columns scan into
// bson.ObjectID all the same, and rows.Values() gives their text.  A
// bson.ObjectID bound as text is its 24 hex digits.
package objectidpgx_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.mongodb.org/mongo-driver/v2/bson"

	"objectid/clients/go/internal/testenv"
	"objectid/clients/go/objectidpgx"
	"objectid/clients/go/objectidsql"
)

func TestMain(m *testing.M) { testenv.Main(m, "objectidpgx (pgx v5)") }

var check, noErr = testenv.Check, testenv.NoErr

func connect(t *testing.T, e testenv.Env) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), e.DSN)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func sqlstate(err error) string {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code
	}
	return fmt.Sprintf("not a server error: %v", err)
}

func count(t *testing.T, conn *pgx.Conn, sql string, args ...any) int {
	t.Helper()
	var n int
	noErr(t, conn.QueryRow(context.Background(), sql, args...).Scan(&n), sql)
	return n
}

var modes = []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe,
	pgx.QueryExecModeDescribeExec, pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol}

var formats = map[string]pgx.QueryResultFormats{
	"text": {pgx.TextFormatCode}, "binary": {pgx.BinaryFormatCode}}

func TestPgx(t *testing.T) {
	e := testenv.Get(t)
	ctx := context.Background()
	conn := connect(t, e)
	plain := e.Route == "plain"

	// before Register, pgx cannot scan the type into bson.ObjectID
	var id bson.ObjectID
	err := conn.QueryRow(ctx, "SELECT "+e.Fn("objectid")+"()").Scan(&id)
	check(t, err != nil, "scanned objectid into bson.ObjectID before Register")

	noErr(t, objectidpgx.Register(ctx, conn), "Register")
	info, err := objectidpgx.Lookup(ctx, conn)
	noErr(t, err, "Lookup")
	want := map[string]string{"c": objectidpgx.BinaryBytes, "plain": objectidpgx.BinaryText}[e.Route]
	check(t, info.Binary == want, "binary format %q, not %q", info.Binary, want)
	check(t, info.Name == "objectid" || info.Name == e.Schema+".objectid", "type name %s", info.Name)
	var oid uint32
	noErr(t, conn.QueryRow(ctx, "SELECT $1::regtype::oid", e.Typ()).Scan(&oid), "the type's oid")
	check(t, info.OID == oid, "Lookup found oid %d, not %d", info.OID, oid)

	_, err = conn.Exec(ctx, "CREATE TABLE go_ids (n int PRIMARY KEY, id "+e.Typ()+", ids "+e.Typ()+"[])")
	noErr(t, err, "CREATE TABLE")
	t.Cleanup(func() { _, _ = conn.Exec(ctx, "DROP TABLE IF EXISTS go_ids") })

	// in, through every query mode; each row's array holds its id and the first
	mine := testenv.ClientIDs()
	for i, id := range mine {
		_, err := conn.Exec(ctx, "INSERT INTO go_ids VALUES ($1, $2, $3)", modes[i%len(modes)],
			i, id, []bson.ObjectID{id, mine[0]})
		noErr(t, err, fmt.Sprintf("INSERT %s in mode %v", id.Hex(), modes[i%len(modes)]))
	}
	for _, mode := range modes {
		_, err := conn.Exec(ctx, "INSERT INTO go_ids VALUES ($1, $2, $3)", mode,
			1000+int(mode), (*bson.ObjectID)(nil), []bson.ObjectID(nil))
		noErr(t, err, fmt.Sprintf("INSERT NULL in mode %v", mode))
	}
	_, err = conn.Exec(ctx, "INSERT INTO go_ids SELECT 2000 + g, "+e.Fn("objectid")+"() FROM generate_series(1, 10) g")
	noErr(t, err, "server ids")
	_, err = conn.Exec(ctx, "INSERT INTO go_ids SELECT 3000 + g, "+e.Fn("objectid")+
		"(timestamptz '2000-01-01 00:00:00+00' + g * interval '1 year') FROM generate_series(1, 10) g")
	noErr(t, err, "server ids of past seconds")

	// out, in each format
	var all []bson.ObjectID
	for name, format := range formats {
		rows, err := conn.Query(ctx, "SELECT n, id, ids, id::text, "+e.Fn("bytea")+"(id) FROM go_ids ORDER BY n", format)
		noErr(t, err, name+" SELECT")
		defer rows.Close() // before Cleanup, when a check fails
		got := map[int]bson.ObjectID{}
		for rows.Next() {
			var n int
			var ptr *bson.ObjectID
			var ids []bson.ObjectID
			var txt *string
			var raw []byte
			noErr(t, rows.Scan(&n, &ptr, &ids, &txt, &raw), name+" scan")
			var null objectidsql.NullObjectID
			noErr(t, rows.Scan(&n, &null, &ids, &txt, &raw), name+" scan into NullObjectID")
			check(t, null.Valid == (ptr != nil) && (ptr == nil || null.ObjectID == *ptr), "%s: row %d: NullObjectID %v", name, n, null)
			if ptr == nil {
				check(t, n >= 1000 && n < 2000 && txt == nil && raw == nil, "%s: NULL in row %d", name, n)
				continue
			}
			id := *ptr
			got[n] = id
			check(t, id.Hex() == *txt, "%s: row %d: %s, the server's text %s", name, n, id.Hex(), *txt)
			check(t, bytes.Equal(id[:], raw), "%s: row %d: bytes %x", name, n, raw)
			if n < len(mine) {
				check(t, id == mine[n], "%s: row %d: %s, not %s", name, n, id.Hex(), mine[n].Hex())
				check(t, slices.Equal(ids, []bson.ObjectID{mine[n], mine[0]}), "%s: row %d: array %v", name, n, ids)
			} else {
				check(t, ids == nil, "%s: row %d: array %v", name, n, ids)
			}
			// what DecodeValue gives (rows.Values, scanning into any)
			vals, err := rows.Values()
			noErr(t, err, "Values")
			if plain {
				// described as text
				check(t, vals[1] == id.Hex(), "%s: row %d: Values gives %T %v", name, n, vals[1], vals[1])
			} else {
				check(t, vals[1] == id, "%s: row %d: Values gives %T %v", name, n, vals[1], vals[1])
			}
		}
		noErr(t, rows.Err(), name+" rows")
		check(t, len(got) == len(mine)+20, "%s: %d ids", name, len(got))
		if all == nil {
			for _, id := range got {
				all = append(all, id)
			}
		}
	}
	slices.SortFunc(all, func(a, b bson.ObjectID) int { return bytes.Compare(a[:], b[:]) })

	// ORDER BY is the bytes' order; objectid_timestamp is bson's Timestamp()
	rows, err := conn.Query(ctx, "SELECT id::text, "+e.Fn("objectid_timestamp")+"(id) FROM go_ids WHERE id IS NOT NULL ORDER BY id")
	noErr(t, err, "ORDER BY id")
	defer rows.Close()
	i := 0
	for rows.Next() {
		var hex string
		var ts time.Time
		noErr(t, rows.Scan(&hex, &ts), "scan")
		check(t, hex == all[i].Hex(), "ORDER BY position %d: %s, not %s", i, hex, all[i].Hex())
		check(t, ts.Equal(all[i].Timestamp()), "objectid_timestamp(%s) = %v, not %v", hex, ts, all[i].Timestamp())
		i++
	}
	noErr(t, rows.Err(), "rows")
	check(t, i == len(all), "ordered rows %d", i)

	// parameters compare as objectid: one id, and = ANY of an array
	for _, id := range all {
		check(t, count(t, conn, "SELECT count(*) FROM go_ids WHERE id "+e.Eq()+" $1", id) == 1, "lookup of %s", id.Hex())
	}
	some := []bson.ObjectID{all[0], all[3], all[len(all)-1], bson.NewObjectID()}
	for _, mode := range modes {
		check(t, count(t, conn, "SELECT count(*) FROM go_ids WHERE id "+e.Eq()+" ANY ($1)", mode, some) == 3,
			"= ANY of []bson.ObjectID in mode %v", mode)
	}

	// RETURNING a server-made id
	var made bson.ObjectID
	noErr(t, conn.QueryRow(ctx, "INSERT INTO go_ids (n, id) VALUES (4000, "+e.Fn("objectid")+"()) RETURNING id").Scan(&made),
		"RETURNING id")
	check(t, made.Timestamp().After(time.Now().Add(-time.Hour)), "RETURNING gave %s", made.Hex())

	// a bson.ObjectID as a text parameter: its 24 hex digits, not its String()
	for _, mode := range modes {
		var s string
		noErr(t, conn.QueryRow(ctx, "SELECT $1::text", mode, mine[2]).Scan(&s), "text parameter")
		check(t, s == mine[2].Hex(), "a bson.ObjectID bound as text in mode %v: %q", mode, s)
	}

	// COPY (pgx copies in binary)
	copied := testenv.ClientIDs()[:5]
	rowsIn := [][]any{}
	for i, id := range copied {
		rowsIn = append(rowsIn, []any{5000 + i, id, []bson.ObjectID{id}})
	}
	nCopied, err := conn.CopyFrom(ctx, pgx.Identifier{"go_ids"}, []string{"n", "id", "ids"}, pgx.CopyFromRows(rowsIn))
	noErr(t, err, "CopyFrom")
	check(t, nCopied == int64(len(copied)), "copied %d rows", nCopied)
	for i, id := range copied {
		var back bson.ObjectID
		var backs []bson.ObjectID
		noErr(t, conn.QueryRow(ctx, "SELECT id, ids FROM go_ids WHERE n = $1", 5000+i).Scan(&back, &backs), "copied row")
		check(t, back == id && slices.Equal(backs, []bson.ObjectID{id}), "copied %s, read %s %v", id.Hex(), back.Hex(), backs)
	}

	// a string: as it is, for the server to check
	before := count(t, conn, "SELECT count(*) FROM go_ids")
	good := mine[1].Hex()
	for _, bad := range []string{"not an objectid", good[1:], good + "0", "gggggggggggggggggggggggg", ""} {
		for _, mode := range modes {
			_, err := conn.Exec(ctx, "INSERT INTO go_ids (n, id) VALUES (9999, $1)", mode, bad)
			check(t, sqlstate(err) == "22P02", "INSERT %q in mode %v: %s", bad, mode, sqlstate(err))
		}
		if plain {
			// compares as text, unchecked: nothing found
			check(t, count(t, conn, "SELECT count(*) FROM go_ids WHERE id = $1", bad) == 0, "plain: = %q", bad)
		} else {
			err := conn.QueryRow(ctx, "SELECT count(*) FROM go_ids WHERE id "+e.Eq()+" $1", bad).Scan(new(int))
			check(t, sqlstate(err) == "22P02", "= %q: %s", bad, sqlstate(err))
		}
	}
	check(t, count(t, conn, "SELECT count(*) FROM go_ids") == before, "nothing written")
	fromHex := bson.NewObjectID()
	_, err = conn.Exec(ctx, "INSERT INTO go_ids (n, id) VALUES (6000, $1)", fromHex.Hex())
	noErr(t, err, "INSERT of 24 hex digits")
	check(t, count(t, conn, "SELECT count(*) FROM go_ids WHERE id "+e.Eq()+" $1", fromHex) == 1, "a hex string stored reads as its ObjectID")

	// a value the server sent that is not 12 bytes or 24 hex digits is an
	// error, not a wrong ObjectID
	for _, c := range []struct {
		format int16
		src    []byte
	}{{pgx.BinaryFormatCode, make([]byte, 11)}, {pgx.TextFormatCode, []byte("0123")}, {pgx.TextFormatCode, []byte("zz3456789012345678901234")}} {
		codec := objectidpgx.Codec{Binary: objectidpgx.BinaryBytes}
		_, err := codec.DecodeValue(conn.TypeMap(), info.OID, c.format, c.src)
		check(t, err != nil, "decoded %q in format %d", c.src, c.format)
	}
}

func TestPool(t *testing.T) {
	e := testenv.Get(t)
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(e.DSN)
	noErr(t, err, "ParseConfig")
	cfg.AfterConnect = objectidpgx.Register
	cfg.MinConns = 2
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	noErr(t, err, "pool")
	defer pool.Close()
	for i := range 3 {
		// three held at once: three connections, each registered
		c, err := pool.Acquire(ctx)
		noErr(t, err, "Acquire")
		defer c.Release() // before pool.Close
		var id bson.ObjectID
		var ids []bson.ObjectID
		in := []bson.ObjectID{bson.NewObjectID(), bson.NewObjectID()}
		q := "SELECT " + e.Fn("objectid") + "()::" + e.Typ() + ", $1::" + e.Typ() + "[]"
		noErr(t, c.QueryRow(ctx, q, in).Scan(&id, &ids), "pool query")
		check(t, !id.IsZero() && slices.Equal(ids, in), "pool connection %d: %s %v", i, id.Hex(), ids)
	}
}
