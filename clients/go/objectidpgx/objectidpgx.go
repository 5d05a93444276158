// Package objectidpgx registers the objectid PostgreSQL extension's type
// with pgx v5, so that objectid columns scan into mongo-go-driver's
// bson.ObjectID and bson.ObjectID values bind as objectid parameters, in
// the text and the binary format (binary: the 12 bytes, as the server's
// objectid_send and objectid_recv), and objectid[] as []bson.ObjectID.
//
//	conn, err := pgx.Connect(ctx, dsn)
//	err = objectidpgx.Register(ctx, conn)
//	var id bson.ObjectID
//	err = conn.QueryRow(ctx, "INSERT INTO orders (item) VALUES ($1) RETURNING id", "fig").Scan(&id)
//
// For a pool: config.AfterConnect = objectidpgx.Register.
//
// The type's OID differs between databases, so Register looks it up on
// each connection, through the extension's catalog entries: the
// extension's schema need not be on the search_path.  The portable
// edition's objectid is found too: pg_tle's (text format only) and the
// plain edition's domain over text (its binary format is text's, the 24
// hex digits).  Register also makes a bson.ObjectID bound to a parameter
// of another type (text, say) its 24 hex digits, and lets a text result
// (the server describes a column of the plain edition's domain as text)
// scan into a bson.ObjectID.
package objectidpgx

import (
	"context"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// Binary formats of the type: what its binary format carries.
const (
	BinaryBytes = "bytes" // the C extension: the 12 bytes
	BinaryText  = "text"  // the plain edition's domain over text: the 24 hex digits
	BinaryNone  = ""      // pg_tle's type: text I/O only
)

// Info is the objectid type of one database.
type Info struct {
	OID      uint32 // objectid
	ArrayOID uint32 // objectid[]
	Name     string // as format_type names it: objectid, or schema.objectid off the search_path
	Binary   string // BinaryBytes, BinaryText or BinaryNone
}

// ErrNotInstalled is returned by Lookup and Register where neither the
// extension nor the plain edition is installed.
var ErrNotInstalled = errors.New("objectidpgx: extension objectid is not installed in this database")

// the type that the extension named objectid installed, wherever it lives
// (the C extension, or pg_tle's objectid); else the plain edition's domain,
// the one over text that the objectid_timestamp of its schema takes, the one
// on the search_path first (clients/python's objectid_pg.psycopg and
// clients/node ask the same)
const infoQuery = `
SELECT t.oid, t.typarray, pg_catalog.format_type(t.oid, NULL),
       CASE WHEN t.typtype = 'd' THEN 'text'
            WHEN t.typsend <> 0 AND t.typreceive <> 0 THEN 'bytes'
            ELSE '' END
  FROM pg_catalog.pg_type t
 WHERE t.typname = 'objectid'
   AND (EXISTS (SELECT FROM pg_catalog.pg_depend d
                  JOIN pg_catalog.pg_extension e
                    ON e.oid = d.refobjid AND e.extname = 'objectid'
                 WHERE d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
                   AND d.objid = t.oid AND d.deptype = 'e')
        OR t.typtype = 'd'
           AND t.typbasetype = 'pg_catalog.text'::pg_catalog.regtype
           AND EXISTS (SELECT FROM pg_catalog.pg_proc p
                        WHERE p.pronamespace = t.typnamespace
                          AND p.proname = 'objectid_timestamp'
                          AND p.proargtypes[0] = t.oid))
 ORDER BY t.typtype = 'd', NOT pg_catalog.pg_type_is_visible(t.oid),
          t.typnamespace::pg_catalog.regnamespace::pg_catalog.text
 LIMIT 1`

// Lookup finds the objectid type of conn's database.
func Lookup(ctx context.Context, conn *pgx.Conn) (Info, error) {
	var info Info
	err := conn.QueryRow(ctx, infoQuery, pgx.QueryExecModeSimpleProtocol).
		Scan(&info.OID, &info.ArrayOID, &info.Name, &info.Binary)
	if errors.Is(err, pgx.ErrNoRows) {
		return Info{}, ErrNotInstalled
	}
	return info, err
}

// Register looks the objectid type up on conn and registers it, and
// objectid[], on conn.TypeMap().  Its signature is pgxpool.Config's
// AfterConnect.
func Register(ctx context.Context, conn *pgx.Conn) error {
	info, err := Lookup(ctx, conn)
	if err != nil {
		return err
	}
	RegisterInfo(conn.TypeMap(), info)
	return nil
}

// RegisterInfo registers a type found by Lookup on a type map: to register
// it on many connections to one database with one lookup.
func RegisterInfo(m *pgtype.Map, info Info) {
	t := &pgtype.Type{Name: "objectid", OID: info.OID, Codec: Codec{Binary: info.Binary}}
	m.RegisterType(t)
	m.RegisterType(&pgtype.Type{Name: "_objectid", OID: info.ArrayOID, Codec: &pgtype.ArrayCodec{ElementType: t}})
	// the simple protocol, and parameters whose type the server does not
	// say, look the type up by the Go value's type
	m.RegisterDefaultPgType(bson.ObjectID{}, "objectid")
	m.RegisterDefaultPgType([]bson.ObjectID{}, "_objectid")
	// a bson.ObjectID as a parameter of another type is its 24 hex digits
	// (pgx would send its String(), ObjectID("…")), and a text result
	// scans into a bson.ObjectID (the plain edition's domain is described
	// as text)
	m.TryWrapEncodePlanFuncs = append([]pgtype.TryWrapEncodePlanFunc{wrapEncode}, m.TryWrapEncodePlanFuncs...)
	m.TryWrapScanPlanFuncs = append([]pgtype.TryWrapScanPlanFunc{wrapScan}, m.TryWrapScanPlanFuncs...)
}

func wrapEncode(value any) (pgtype.WrappedEncodePlanNextSetter, any, bool) {
	if id, ok := value.(bson.ObjectID); ok {
		return &wrapEncodePlan{}, id.Hex(), true
	}
	return nil, nil, false
}

type wrapEncodePlan struct{ next pgtype.EncodePlan }

func (p *wrapEncodePlan) SetNext(next pgtype.EncodePlan) { p.next = next }

func (p *wrapEncodePlan) Encode(value any, buf []byte) ([]byte, error) {
	return p.next.Encode(value.(bson.ObjectID).Hex(), buf)
}

// objectIDText is a *bson.ObjectID as a pgtype.TextScanner
type objectIDText bson.ObjectID

func (w *objectIDText) ScanText(v pgtype.Text) error {
	if !v.Valid {
		return fmt.Errorf("objectidpgx: cannot scan NULL into *bson.ObjectID")
	}
	id, err := decode([]byte(v.String), true)
	if err != nil {
		return err
	}
	*w = objectIDText(id)
	return nil
}

func wrapScan(target any) (pgtype.WrappedScanPlanNextSetter, any, bool) {
	if t, ok := target.(*bson.ObjectID); ok {
		return &wrapScanPlan{}, (*objectIDText)(t), true
	}
	return nil, nil, false
}

type wrapScanPlan struct{ next pgtype.ScanPlan }

func (p *wrapScanPlan) SetNext(next pgtype.ScanPlan) { p.next = next }

func (p *wrapScanPlan) Scan(src []byte, dst any) error {
	return p.next.Scan(src, (*objectIDText)(dst.(*bson.ObjectID)))
}

// Codec is the pgtype.Codec of objectid.  Binary says what its binary
// format carries (a Binary* constant).
//
// It encodes bson.ObjectID, and a string as it is (text format: the server
// checks it, SQLSTATE 22P02 for one that is not an ObjectId); it scans into
// *bson.ObjectID (SQL NULL is an error there: scan into **bson.ObjectID),
// *string (the 24 hex digits), pgtype.TextScanner and sql.Scanner
// (objectidsql.ObjectID); DecodeValue gives a bson.ObjectID.
type Codec struct {
	Binary string
}

// FormatSupported implements pgtype.Codec.
func (c Codec) FormatSupported(format int16) bool {
	return format == pgtype.TextFormatCode || format == pgtype.BinaryFormatCode && c.Binary != BinaryNone
}

// PreferredFormat implements pgtype.Codec.
func (c Codec) PreferredFormat() int16 {
	if c.Binary == BinaryBytes {
		return pgtype.BinaryFormatCode
	}
	return pgtype.TextFormatCode
}

// hexForm: whether the format carries the 24 hex digits (else the 12 bytes)
func (c Codec) hexForm(format int16) bool {
	return format == pgtype.TextFormatCode || c.Binary != BinaryBytes
}

// PlanEncode implements pgtype.Codec.
func (c Codec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	if !c.FormatSupported(format) {
		return nil
	}
	switch value.(type) {
	case bson.ObjectID:
		if c.hexForm(format) {
			return encodeHex{}
		}
		return encodeBytes{}
	case string:
		if c.hexForm(format) {
			return encodeString{}
		}
	}
	return nil
}

type encodeHex struct{}

func (encodeHex) Encode(value any, buf []byte) ([]byte, error) {
	id := value.(bson.ObjectID)
	return hex.AppendEncode(buf, id[:]), nil
}

type encodeBytes struct{}

func (encodeBytes) Encode(value any, buf []byte) ([]byte, error) {
	id := value.(bson.ObjectID)
	return append(buf, id[:]...), nil
}

type encodeString struct{}

func (encodeString) Encode(value any, buf []byte) ([]byte, error) {
	return append(buf, value.(string)...), nil
}

// PlanScan implements pgtype.Codec.
func (c Codec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	if !c.FormatSupported(format) {
		return nil
	}
	switch target.(type) {
	case *bson.ObjectID:
		return scanPlan{hex: c.hexForm(format), target: toObjectID}
	case *string:
		return scanPlan{hex: c.hexForm(format), target: toString}
	case pgtype.TextScanner:
		return scanPlan{hex: c.hexForm(format), target: toText}
	}
	return nil
}

// decode: the value of one datum
func decode(src []byte, hexForm bool) (bson.ObjectID, error) {
	if hexForm {
		id, err := bson.ObjectIDFromHex(string(src))
		if err != nil {
			return bson.NilObjectID, fmt.Errorf("objectidpgx: invalid objectid %q: %w", src, err)
		}
		return id, nil
	}
	if len(src) != 12 {
		return bson.NilObjectID, fmt.Errorf("objectidpgx: invalid length for objectid: %d bytes, not 12", len(src))
	}
	return bson.ObjectID(src), nil
}

// scanPlan decodes a datum and stores it in the target, whose kind says how
type scanPlan struct {
	hex    bool
	target int
}

const (
	toObjectID = iota // *bson.ObjectID
	toString          // *string
	toText            // pgtype.TextScanner
)

func (p scanPlan) Scan(src []byte, dst any) error {
	if src == nil {
		if p.target == toText {
			return dst.(pgtype.TextScanner).ScanText(pgtype.Text{})
		}
		return fmt.Errorf("objectidpgx: cannot scan NULL into %T", dst)
	}
	id, err := decode(src, p.hex)
	if err != nil {
		return err
	}
	switch p.target {
	case toObjectID:
		*dst.(*bson.ObjectID) = id
	case toString:
		*dst.(*string) = id.Hex()
	default:
		return dst.(pgtype.TextScanner).ScanText(pgtype.Text{String: id.Hex(), Valid: true})
	}
	return nil
}

// DecodeDatabaseSQLValue implements pgtype.Codec: the 24 hex digits, which
// objectidsql.ObjectID scans.
func (c Codec) DecodeDatabaseSQLValue(m *pgtype.Map, oid uint32, format int16, src []byte) (driver.Value, error) {
	if src == nil {
		return nil, nil
	}
	id, err := decode(src, c.hexForm(format))
	if err != nil {
		return nil, err
	}
	return id.Hex(), nil
}

// DecodeValue implements pgtype.Codec: a bson.ObjectID.
func (c Codec) DecodeValue(m *pgtype.Map, oid uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	return decode(src, c.hexForm(format))
}
