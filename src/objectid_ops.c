/*-------------------------------------------------------------------------
 *
 * objectid_ops.c
 *	  Comparison, hashing, sort support, skip support and BRIN distance
 *	  for the objectid type.
 *
 * Ordering is bytewise (unsigned, as memcmp orders): one comparison serves
 * every operator and sort, and because the timestamp leads, ordering by id
 * is ordering by creation second.
 *
 * IDENTIFICATION
 *	  src/objectid_ops.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "port/pg_bswap.h"
#include "utils/guc.h"
#include "utils/sortsupport.h"

#include "objectid.h"

#ifdef OBJECTID_SKIPSUPPORT
#include "access/htup_details.h"
#include "catalog/pg_proc.h"
#include "commands/extension.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
#endif

/* sortsupport state for abbreviated keys */
typedef struct
{
	int64		input_count;	/* number of non-null values seen */
	bool		estimating;		/* true if estimating cardinality */
	hyperLogLogState abbr_card; /* cardinality estimator */
} objectid_sortsupport_state;

static int	objectid_internal_cmp(const pg_objectid_t *a, const pg_objectid_t *b);
static int	objectid_fast_cmp(Datum x, Datum y, SortSupport ssup);
static Datum objectid_abbrev_convert(Datum original, SortSupport ssup);
static bool objectid_abbrev_abort(int memtupcount, SortSupport ssup);

StaticAssertDecl(OBJECTID_LEN == 12,
				 "objectid_internal_cmp reads the id as 8 + 4 bytes");

/*
 * The one comparison: bytewise order, computed as two unsigned big-endian
 * integers (bytes 0-7, then 8-11) instead of a call to memcmp.  Ids of one
 * process and second tie on the first eight bytes, and a sort of such ids
 * cannot use abbreviated keys (see objectid_abbrev_abort), so this runs for
 * nearly every comparison of a sort of real ids.  Returns -1, 0 or 1.
 */
static inline int
objectid_internal_cmp(const pg_objectid_t *a, const pg_objectid_t *b)
{
	uint64		a8,
				b8;
	uint32		a4,
				b4;

	memcpy(&a8, a->data, sizeof(a8));
	memcpy(&b8, b->data, sizeof(b8));
	if (a8 != b8)
		return pg_ntoh64(a8) < pg_ntoh64(b8) ? -1 : 1;
	memcpy(&a4, a->data + 8, sizeof(a4));
	memcpy(&b4, b->data + 8, sizeof(b4));
	if (a4 != b4)
		return pg_ntoh32(a4) < pg_ntoh32(b4) ? -1 : 1;
	return 0;
}

/* the six comparison operators, as core's uuid_eq ... uuid_ge */
PG_FUNCTION_INFO_V1(objectid_eq);

Datum
objectid_eq(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_BOOL(objectid_internal_cmp(a, b) == 0);
}

PG_FUNCTION_INFO_V1(objectid_ne);

Datum
objectid_ne(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_BOOL(objectid_internal_cmp(a, b) != 0);
}

PG_FUNCTION_INFO_V1(objectid_lt);

Datum
objectid_lt(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_BOOL(objectid_internal_cmp(a, b) < 0);
}

PG_FUNCTION_INFO_V1(objectid_le);

Datum
objectid_le(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_BOOL(objectid_internal_cmp(a, b) <= 0);
}

PG_FUNCTION_INFO_V1(objectid_gt);

Datum
objectid_gt(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_BOOL(objectid_internal_cmp(a, b) > 0);
}

PG_FUNCTION_INFO_V1(objectid_ge);

Datum
objectid_ge(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_BOOL(objectid_internal_cmp(a, b) >= 0);
}

/* btree support function 1; -1, 0 or 1 as its SQL comment promises */
PG_FUNCTION_INFO_V1(objectid_cmp);

Datum
objectid_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(objectid_internal_cmp(PG_GETARG_OBJECTID_P(0),
										  PG_GETARG_OBJECTID_P(1)));
}

/* min() and max() transition functions */
PG_FUNCTION_INFO_V1(objectid_smaller);

Datum
objectid_smaller(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_OBJECTID_P(objectid_internal_cmp(a, b) <= 0 ? a : b);
}

PG_FUNCTION_INFO_V1(objectid_larger);

Datum
objectid_larger(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);

	PG_RETURN_OBJECTID_P(objectid_internal_cmp(a, b) >= 0 ? a : b);
}

/* hash support functions 1 and 2 */
PG_FUNCTION_INFO_V1(objectid_hash);

Datum
objectid_hash(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);

	return hash_any(id->data, OBJECTID_LEN);
}

PG_FUNCTION_INFO_V1(objectid_hash_extended);

Datum
objectid_hash_extended(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);

	return hash_any_extended(id->data, OBJECTID_LEN, PG_GETARG_INT64(1));
}

/*
 * btree support function 2: sort support.  Abbreviated keys are the first
 * eight bytes (timestamp and four bytes of the process value) as an unsigned
 * integer, as core's uuid does; a HyperLogLog estimate aborts abbreviation
 * when they turn out not to tell values apart, which is the common case for
 * real ids (see objectid_abbrev_abort).
 */
PG_FUNCTION_INFO_V1(objectid_sortsupport);

Datum
objectid_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = objectid_fast_cmp;
	ssup->ssup_extra = NULL;

	if (ssup->abbreviate)
	{
		objectid_sortsupport_state *oss;
		MemoryContext oldcontext;

		oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);

		oss = palloc(sizeof(objectid_sortsupport_state));
		oss->input_count = 0;
		oss->estimating = true;
		initHyperLogLog(&oss->abbr_card, 10);

		ssup->ssup_extra = oss;
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = objectid_abbrev_convert;
		ssup->abbrev_abort = objectid_abbrev_abort;
		ssup->abbrev_full_comparator = objectid_fast_cmp;

		MemoryContextSwitchTo(oldcontext);
	}

	PG_RETURN_VOID();
}

static int
objectid_fast_cmp(Datum x, Datum y, SortSupport ssup)
{
	return objectid_internal_cmp(DatumGetPgObjectidP(x),
								 DatumGetPgObjectidP(y));
}

/*
 * tuplesort asks whether to go on with abbreviation each time its count of
 * tuples doubles.  As core's uuid: nothing is decided before 10000 values;
 * with more than 100000 distinct abbreviated keys (HyperLogLog estimate) the
 * keys are kept for good; with fewer than one distinct key per 2000 values
 * (plus 0.5) abbreviation is aborted, and the sort compares whole ids from
 * then on.
 *
 * The key holds the second and four bytes of the per-process value, so all
 * the ids one process makes within one second share it.  Ids from a table
 * written by a few backends that each make thousands of ids a second (a bulk
 * load, a busy application) have a few distinct keys per second of their
 * span, and abbreviation is aborted at the first check where the values
 * outnumber the keys 2000 to 1: the keys could order only whole seconds and
 * processes, and every comparison within one would cost a tie and a full
 * comparison.  It is kept for ids spread thinly over time or made by many
 * processes, and for random bytes.  No other choice of key would
 * do better: an abbreviated key must keep the order of the ids, so it can
 * only be a prefix, and the counter that tells one process's ids of one
 * second apart comes after nine bytes (BENCHMARKS.md, "Sorting real ids",
 * has the figures).
 */
static bool
objectid_abbrev_abort(int memtupcount, SortSupport ssup)
{
	objectid_sortsupport_state *oss = ssup->ssup_extra;
	double		abbr_card;

	if (memtupcount < 10000 || oss->input_count < 10000 || !oss->estimating)
		return false;

	abbr_card = estimateHyperLogLog(&oss->abbr_card);

	/* with this many distinct keys abbreviation pays off whatever follows */
	if (abbr_card > 100000.0)
	{
#ifdef OBJECTID_TRACE_SORT
		if (trace_sort)
			elog(LOG, "objectid_abbrev: %.0f distinct keys after "
				 INT64_FORMAT " values (%d rows); estimation ends",
				 abbr_card, oss->input_count, memtupcount);
#endif
		oss->estimating = false;
		return false;
	}

	if (abbr_card < oss->input_count / 2000.0 + 0.5)
	{
#ifdef OBJECTID_TRACE_SORT
		if (trace_sort)
			elog(LOG, "objectid_abbrev: aborting abbreviation: %.0f distinct "
				 "keys after " INT64_FORMAT " values (%d rows), below %.1f",
				 abbr_card, oss->input_count, memtupcount,
				 oss->input_count / 2000.0 + 0.5);
#endif
		return true;
	}

#ifdef OBJECTID_TRACE_SORT
	if (trace_sort)
		elog(LOG, "objectid_abbrev: %.0f distinct keys after " INT64_FORMAT
			 " values (%d rows)", abbr_card, oss->input_count, memtupcount);
#endif
	return false;
}

static Datum
objectid_abbrev_convert(Datum original, SortSupport ssup)
{
	objectid_sortsupport_state *oss = ssup->ssup_extra;
	pg_objectid_t *id = DatumGetPgObjectidP(original);
	Datum		res;

	memcpy(&res, id->data, sizeof(Datum));
	oss->input_count += 1;

	if (oss->estimating)
	{
		uint32		tmp;

#if SIZEOF_DATUM == 8
		tmp = (uint32) res ^ (uint32) ((uint64) res >> 32);
#else
		tmp = (uint32) res;
#endif
		addHyperLogLog(&oss->abbr_card, DatumGetUInt32(hash_uint32(tmp)));
	}

	/* big-endian bytes read as a native unsigned integer keep their order */
	return DatumBigEndianToNative(res);
}

/*
 * BRIN minmax_multi distance: the difference of the two ids read as 96-bit
 * unsigned numbers, as a float8 (core's uuid distance does the same over
 * 128 bits).  Only its order matters to BRIN.
 */
PG_FUNCTION_INFO_V1(objectid_brin_minmax_multi_distance);

Datum
objectid_brin_minmax_multi_distance(PG_FUNCTION_ARGS)
{
	pg_objectid_t *a = PG_GETARG_OBJECTID_P(0);
	pg_objectid_t *b = PG_GETARG_OBJECTID_P(1);
	double		delta = 0;
	int			i;

	Assert(objectid_internal_cmp(a, b) <= 0);

	for (i = 0; i < OBJECTID_LEN; i++)
	{
		delta *= 256;
		delta += (double) b->data[i] - (double) a->data[i];
	}

	Assert(delta >= 0);
	PG_RETURN_FLOAT8(delta);
}

#ifdef OBJECTID_SKIPSUPPORT
/*
 * btree support function 6: skip support (PostgreSQL 18+).  The successor
 * of an id is the next 96-bit unsigned number, as core's uuid does over its
 * 128 bits.
 */
static Datum objectid_decrement(Relation rel, Datum existing, bool *underflow);
static Datum objectid_increment(Relation rel, Datum existing, bool *overflow);

static Datum
objectid_decrement(Relation rel, Datum existing, bool *underflow)
{
	pg_objectid_t *id = palloc(sizeof(pg_objectid_t));
	int			i;

	memcpy(id, DatumGetPgObjectidP(existing), sizeof(pg_objectid_t));
	for (i = OBJECTID_LEN - 1; i >= 0; i--)
	{
		if (id->data[i]-- > 0)
		{
			*underflow = false;
			return PgObjectidPGetDatum(id);
		}
	}
	pfree(id);
	*underflow = true;
	return (Datum) 0;
}

static Datum
objectid_increment(Relation rel, Datum existing, bool *overflow)
{
	pg_objectid_t *id = palloc(sizeof(pg_objectid_t));
	int			i;

	memcpy(id, DatumGetPgObjectidP(existing), sizeof(pg_objectid_t));
	for (i = OBJECTID_LEN - 1; i >= 0; i--)
	{
		if (id->data[i]++ < PG_UINT8_MAX)
		{
			*overflow = false;
			return PgObjectidPGetDatum(id);
		}
	}
	pfree(id);
	*overflow = true;
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(objectid_skipsupport);

Datum
objectid_skipsupport(PG_FUNCTION_ARGS)
{
	SkipSupport sksup = (SkipSupport) PG_GETARG_POINTER(0);
	pg_objectid_t *min = palloc0(sizeof(pg_objectid_t));
	pg_objectid_t *max = palloc(sizeof(pg_objectid_t));

	memset(max->data, 0xFF, OBJECTID_LEN);
	sksup->decrement = objectid_decrement;
	sksup->increment = objectid_increment;
	sksup->low_elem = PgObjectidPGetDatum(min);
	sksup->high_elem = PgObjectidPGetDatum(max);
	PG_RETURN_VOID();
}

/*
 * The statements of src/objectid_skipsupport.sql, the one copy of those that
 * add skip support, as the C string the Makefile makes of the file without
 * its comment lines (so that nothing is put into a comment, where a newline
 * in a schema name would end it)
 */
static const char objectid_skipsupport_template[] =
#include "src/objectid_skipsupport_sql.h"
	;

static char *objectid_skipsupport_sql(const char *schema,
									  const char *library);

/*
 * The statements of src/objectid_skipsupport.sql with schema in place of
 * psql's :"schema" and library in place of '$libdir/objectid' (both quoted
 * by the caller)
 */
static char *
objectid_skipsupport_sql(const char *schema, const char *library)
{
	static const char schema_var[] = ":\"schema\"";
	static const char library_lit[] = "'$libdir/objectid'";
	const char *p = objectid_skipsupport_template;
	StringInfoData sql;

	initStringInfo(&sql);
	while (*p != '\0')
	{
		if (strncmp(p, schema_var, strlen(schema_var)) == 0)
		{
			appendStringInfoString(&sql, schema);
			p += strlen(schema_var);
		}
		else if (strncmp(p, library_lit, strlen(library_lit)) == 0)
		{
			appendStringInfoString(&sql, library);
			p += strlen(library_lit);
		}
		else
			appendStringInfoChar(&sql, *p++);
	}
	return sql.data;
}
#endif							/* OBJECTID_SKIPSUPPORT */

/*
 * objectid_install_skipsupport(): called once by the install script, which
 * then drops it.  Where the server has skip support it runs
 * src/objectid_skipsupport.sql, which creates objectid_skipsupport(internal),
 * with its comment, and adds it to the btree family as support function 6;
 * elsewhere it does nothing.  Doing this here, not in a DO block, keeps the
 * script free of any procedural language.  As the script may run with
 * superuser rights (the extension is trusted), every name is qualified with
 * the schema the extension is being created in, which is this function's
 * own, and the library path is this function's own.
 */
PG_FUNCTION_INFO_V1(objectid_install_skipsupport);

Datum
objectid_install_skipsupport(PG_FUNCTION_ARGS)
{
#ifdef OBJECTID_SKIPSUPPORT
	Oid			self = fcinfo->flinfo->fn_oid;
	HeapTuple	tuple;
	Datum		probin;
	bool		isnull;
	const char *schema;
	const char *library;
	char	   *sql;

	if (!creating_extension)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s can only be called by CREATE EXTENSION",
						"objectid_install_skipsupport()")));

	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(self));
	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "cache lookup failed for function %u", self);
	schema = quote_identifier(get_namespace_name(((Form_pg_proc)
												  GETSTRUCT(tuple))->pronamespace));
	probin = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_probin, &isnull);
	if (isnull)
		elog(ERROR, "null probin for function %u", self);
	library = quote_literal_cstr(TextDatumGetCString(probin));
	ReleaseSysCache(tuple);

	sql = objectid_skipsupport_sql(schema, library);

	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");
	if (SPI_execute(sql, false, 0) != SPI_OK_UTILITY)
		elog(ERROR, "could not add skip support to the btree operator family");
	SPI_finish();
	pfree(sql);
#endif
	PG_RETURN_VOID();
}
