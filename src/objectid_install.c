/*-------------------------------------------------------------------------
 *
 * objectid_install.c
 *	  What the library adds to its own install and update scripts: a hint
 *	  when a function the script creates already exists in the schema.
 *
 * Another extension can own a function of a name and signature objectid
 * creates in the same schema: TimescaleDB, installed in public (its
 * default), defines uuid_timestamp(uuid), which objectid's 1.1 -> 1.2
 * update creates.  Core then refuses the CREATE FUNCTION with 42723
 * (duplicate_function) and nothing says what to do.  The way out is a
 * schema of objectid's own: CREATE EXTENSION objectid SCHEMA ids, or, for an
 * update, ALTER EXTENSION objectid SET SCHEMA ids first (the extension is
 * relocatable).  A utility hook adds that as the error's hint, for CREATE
 * FUNCTION statements of objectid's scripts only.
 *
 * The library is loaded by the first C function of the base script, so
 * every later statement of the install, and of every update, passes the
 * hook.  Nothing else changes: the statement runs as it would without the
 * hook, the error keeps its code, message and position, and errors of
 * other statements or other extensions' scripts pass untouched.
 *
 * IDENTIFICATION
 *	  src/objectid_install.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "commands/extension.h"
#include "nodes/parsenodes.h"
#include "tcop/utility.h"
#include "utils/elog.h"

#include "objectid_install.h"

static ProcessUtility_hook_type objectid_prev_utility_hook = NULL;

/* the hook's next step: the previous hook, or core's */
static void
objectid_next_utility(PlannedStmt *pstmt, const char *queryString,
					  bool readOnlyTree, ProcessUtilityContext context,
					  ParamListInfo params, QueryEnvironment *queryEnv,
					  DestReceiver *dest, QueryCompletion *qc)
{
	if (objectid_prev_utility_hook)
		objectid_prev_utility_hook(pstmt, queryString, readOnlyTree, context,
								   params, queryEnv, dest, qc);
	else
		standard_ProcessUtility(pstmt, queryString, readOnlyTree, context,
								params, queryEnv, dest, qc);
}

/* is this statement a CREATE FUNCTION of objectid's install or update? */
static bool
objectid_creating_own_function(PlannedStmt *pstmt)
{
	return creating_extension &&
		IsA(pstmt->utilityStmt, CreateFunctionStmt) &&
		CurrentExtensionObject == get_extension_oid("objectid", true);
}

static void
objectid_utility_hook(PlannedStmt *pstmt, const char *queryString,
					  bool readOnlyTree, ProcessUtilityContext context,
					  ParamListInfo params, QueryEnvironment *queryEnv,
					  DestReceiver *dest, QueryCompletion *qc)
{
	MemoryContext caller = CurrentMemoryContext;

	if (!objectid_creating_own_function(pstmt))
	{
		objectid_next_utility(pstmt, queryString, readOnlyTree, context,
							  params, queryEnv, dest, qc);
		return;
	}

	PG_TRY();
	{
		objectid_next_utility(pstmt, queryString, readOnlyTree, context,
							  params, queryEnv, dest, qc);
	}
	PG_CATCH();
	{
		ErrorData  *edata;

		/* CopyErrorData() must not copy into the error context */
		MemoryContextSwitchTo(caller);
		edata = CopyErrorData();
		if (edata->sqlerrcode != ERRCODE_DUPLICATE_FUNCTION ||
			edata->hint != NULL)
		{
			FreeErrorData(edata);
			PG_RE_THROW();
		}
		FlushErrorState();
		edata->hint = pstrdup(_("Give objectid a schema of its own: CREATE EXTENSION objectid SCHEMA ids (after CREATE SCHEMA ids), or, before an update, ALTER EXTENSION objectid SET SCHEMA ids."));
		ReThrowError(edata);
	}
	PG_END_TRY();
}

/* called from _PG_init() */
void
objectid_install_init(void)
{
	objectid_prev_utility_hook = ProcessUtility_hook;
	ProcessUtility_hook = objectid_utility_hook;
}
