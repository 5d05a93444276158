// Tests of objectidsql: Scan and Value alone, then database/sql with pgx's
// stdlib driver against a live server (internal/testenv says which), as it
// comes (the driver knows nothing of the type: text) and with
// objectidpgx.Register run on each connection (OptionAfterConnect: the
// binary format).  ObjectIDs made by bson and by the server go in as
// ObjectID and NullObjectID parameters and come back equal, NULL as
// Valid false (an error for ObjectID); a string that is not an ObjectId is
// refused by the server with 22P02.
package objectidsql_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"go.mongodb.org/mongo-driver/v2/bson"

	"objectid/clients/go/internal/testenv"
	"objectid/clients/go/objectidpgx"
	"objectid/clients/go/objectidsql"
)

func TestMain(m *testing.M) { testenv.Main(m, "objectidsql (database/sql, pgx stdlib)") }

var check, noErr = testenv.Check, testenv.NoErr

func TestScanValue(t *testing.T) {
	id := bson.NewObjectID()
	for _, src := range []any{id.Hex(), []byte(id.Hex()), id[:], id} {
		var got objectidsql.ObjectID
		var null objectidsql.NullObjectID
		noErr(t, got.Scan(src), "Scan")
		noErr(t, null.Scan(src), "Scan")
		check(t, got.ObjectID == id && null.Valid && null.ObjectID == id, "Scan(%T %v): %v %v", src, src, got, null)
	}
	for _, bad := range []any{"not an objectid", id.Hex()[1:], []byte("zz"), 42, nil} {
		var got objectidsql.ObjectID
		check(t, got.Scan(bad) != nil, "ObjectID.Scan(%#v) succeeded", bad)
		if bad != nil {
			var null objectidsql.NullObjectID
			check(t, null.Scan(bad) != nil, "NullObjectID.Scan(%#v) succeeded", bad)
		}
	}
	null := objectidsql.NullObjectID{ObjectID: id, Valid: true}
	noErr(t, null.Scan(nil), "Scan(nil)")
	check(t, !null.Valid, "NULL is not Valid")
	v, err := null.Value()
	check(t, v == nil && err == nil, "the Value of NULL: %v %v", v, err)
	v, err = objectidsql.ObjectID{ObjectID: id}.Value()
	check(t, v == id.Hex() && err == nil, "Value: %v %v", v, err)
}

func TestDatabaseSQL(t *testing.T) {
	e := testenv.Get(t)
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(e.DSN)
	noErr(t, err, "ParseConfig")
	dbs := map[string]*sql.DB{
		"as it comes": stdlib.OpenDB(*cfg),
		"registered":  stdlib.OpenDB(*cfg, stdlib.OptionAfterConnect(objectidpgx.Register)),
	}
	for name, db := range dbs {
		defer db.Close()
		_, err = db.ExecContext(ctx, "CREATE TABLE sql_ids (n int PRIMARY KEY, id "+e.Typ()+")")
		noErr(t, err, name+": CREATE TABLE")
		mine := testenv.ClientIDs()
		for i, id := range mine {
			var arg any = objectidsql.ObjectID{ObjectID: id}
			if i%2 == 1 {
				arg = objectidsql.NullObjectID{ObjectID: id, Valid: true}
			}
			_, err := db.ExecContext(ctx, "INSERT INTO sql_ids VALUES ($1, $2)", i, arg)
			noErr(t, err, name+": INSERT")
		}
		_, err = db.ExecContext(ctx, "INSERT INTO sql_ids VALUES (1000, $1)", objectidsql.NullObjectID{})
		noErr(t, err, name+": INSERT NULL")
		var made objectidsql.ObjectID
		noErr(t, db.QueryRowContext(ctx, "INSERT INTO sql_ids VALUES (2000, "+e.Fn("objectid")+"()) RETURNING id").Scan(&made),
			name+": RETURNING")
		check(t, !made.IsZero(), "%s: the server's id %v", name, made)

		rows, err := db.QueryContext(ctx, "SELECT n, id, id::text FROM sql_ids ORDER BY n")
		noErr(t, err, name+": SELECT")
		defer rows.Close()
		seen := 0
		for rows.Next() {
			var n int
			var null objectidsql.NullObjectID
			var txt sql.NullString
			noErr(t, rows.Scan(&n, &null, &txt), name+": scan")
			switch {
			case n < len(mine):
				check(t, null.Valid && null.ObjectID == mine[n], "%s: row %d: %v", name, n, null)
			case n == 1000:
				check(t, !null.Valid, "%s: NULL row: %v", name, null)
			default:
				check(t, null.Valid && null.ObjectID == made.ObjectID, "%s: row %d: %v", name, n, null)
			}
			check(t, null.Valid == txt.Valid && (!txt.Valid || txt.String == null.ObjectID.Hex()), "%s: row %d: text %v", name, n, txt)
			seen++
		}
		noErr(t, rows.Err(), name+": rows")
		check(t, seen == len(mine)+2, "%s: %d rows", name, seen)

		// ObjectID refuses NULL; lookups by ObjectID
		var id objectidsql.ObjectID
		check(t, db.QueryRowContext(ctx, "SELECT id FROM sql_ids WHERE n = 1000").Scan(&id) != nil, "%s: NULL scanned into ObjectID", name)
		for i, want := range mine {
			var n int
			noErr(t, db.QueryRowContext(ctx, "SELECT n FROM sql_ids WHERE id "+e.Eq()+" $1::"+e.Typ(),
				objectidsql.ObjectID{ObjectID: want}).Scan(&n), name+": lookup")
			check(t, n == i, "%s: lookup of %s found row %d", name, want.Hex(), n)
		}

		// a string that is not an ObjectId: refused by the server
		for _, bad := range []string{"not an objectid", mine[0].Hex()[1:], ""} {
			_, err := db.ExecContext(ctx, "INSERT INTO sql_ids VALUES (9999, $1)", bad)
			var pg *pgconn.PgError
			check(t, errors.As(err, &pg) && pg.Code == "22P02", "%s: INSERT %q: %v", name, bad, err)
		}
		_, err = db.ExecContext(ctx, "DROP TABLE sql_ids")
		noErr(t, err, name+": DROP TABLE")
	}
}
