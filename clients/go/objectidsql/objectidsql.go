// Package objectidsql reads and writes columns of the objectid PostgreSQL
// extension's type as mongo-go-driver's bson.ObjectID through database/sql,
// with any PostgreSQL driver (pgx's stdlib, lib/pq).
//
//	var id objectidsql.ObjectID
//	err := db.QueryRow("SELECT id FROM orders WHERE item = $1", "fig").Scan(&id)
//	_, err = db.Exec("INSERT INTO orders (id, item) VALUES ($1, $2)",
//		objectidsql.ObjectID{ObjectID: bson.NewObjectID()}, "fig")
//
// Values travel as their text form, 24 hex digits, which the server checks:
// a string that is not an ObjectId is refused with SQLSTATE 22P02.
package objectidsql

import (
	"database/sql/driver"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// ObjectID is a bson.ObjectID that database/sql can scan and bind.
// Scanning SQL NULL into it is an error; use NullObjectID for a nullable
// column.
type ObjectID struct {
	bson.ObjectID
}

// Scan implements sql.Scanner.
func (id *ObjectID) Scan(src any) error {
	if src == nil {
		return fmt.Errorf("objectidsql: cannot scan NULL into ObjectID (use NullObjectID)")
	}
	v, err := parse(src)
	if err != nil {
		return err
	}
	id.ObjectID = v
	return nil
}

// Value implements driver.Valuer: the 24 hex digits.
func (id ObjectID) Value() (driver.Value, error) {
	return id.Hex(), nil
}

// NullObjectID is a bson.ObjectID that may be SQL NULL (Valid false).
type NullObjectID struct {
	ObjectID bson.ObjectID
	Valid    bool
}

// Scan implements sql.Scanner.
func (n *NullObjectID) Scan(src any) error {
	if src == nil {
		n.ObjectID, n.Valid = bson.NilObjectID, false
		return nil
	}
	v, err := parse(src)
	if err != nil {
		return err
	}
	n.ObjectID, n.Valid = v, true
	return nil
}

// Value implements driver.Valuer: the 24 hex digits, or NULL.
func (n NullObjectID) Value() (driver.Value, error) {
	if !n.Valid {
		return nil, nil
	}
	return n.ObjectID.Hex(), nil
}

// parse reads what a driver gives for an objectid column: the 24 hex
// digits as a string or bytes (the text format; a driver that does not
// know the type gives that), the 12 bytes of the binary format, or a
// bson.ObjectID.
func parse(src any) (bson.ObjectID, error) {
	switch v := src.(type) {
	case string:
		return fromHex(v)
	case []byte:
		if len(v) == 12 {
			return bson.ObjectID(v), nil
		}
		return fromHex(string(v))
	case bson.ObjectID:
		return v, nil
	}
	return bson.NilObjectID, fmt.Errorf("objectidsql: cannot scan %T into ObjectID", src)
}

func fromHex(s string) (bson.ObjectID, error) {
	v, err := bson.ObjectIDFromHex(s)
	if err != nil {
		return bson.NilObjectID, fmt.Errorf("objectidsql: %q is not an ObjectId: %w", s, err)
	}
	return v, nil
}
