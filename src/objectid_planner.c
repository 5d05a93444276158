/*-------------------------------------------------------------------------
 *
 * objectid_planner.c
 *	  The planner hooks: what the extension does as a planning starts and
 *	  ends, and as the planner makes each relation.
 *
 * planner_hook brackets each planning: the estimators of the id's
 * comparisons (src/objectid_rangesel.c) keep a cache of one top-level
 * planning, which is emptied as it starts and ends, also when it fails.
 * The relation hook (get_relation_info_hook on 15 to 18; on 19
 * build_simple_rel_hook, called as the relation is made) hands each
 * relation to the rewrite of time windows (src/objectid_window.c), which
 * works on the conditions of the relation's query level.
 *
 * Both hooks call the hook installed before them first (the planner hook
 * wraps it), as pg_stat_statements does.  Majors: planner_hook gained an
 * ExplainState argument in 19, and 19 replaced the relation hook.
 *
 * IDENTIFICATION
 *	  src/objectid_planner.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "optimizer/planner.h"
#if PG_VERSION_NUM >= 190000
#include "optimizer/pathnode.h"
#else
#include "optimizer/plancat.h"
#endif
#include "parser/parsetree.h"

#include "objectid_planner.h"
#include "objectid_rangesel.h"
#include "objectid_window.h"

static planner_hook_type objectid_prev_planner_hook = NULL;

#if PG_VERSION_NUM >= 190000
static build_simple_rel_hook_type objectid_prev_relation_hook = NULL;
#else
static get_relation_info_hook_type objectid_prev_relation_hook = NULL;
#endif

#if PG_VERSION_NUM >= 190000
static PlannedStmt *
objectid_planner(Query *parse, const char *query_string, int cursorOptions,
				 ParamListInfo boundParams, ExplainState *es)
#define OBJECTID_PLANNER_ARGS parse, query_string, cursorOptions, boundParams, es
#else
static PlannedStmt *
objectid_planner(Query *parse, const char *query_string, int cursorOptions,
				 ParamListInfo boundParams)
#define OBJECTID_PLANNER_ARGS parse, query_string, cursorOptions, boundParams
#endif
{
	PlannedStmt *result;
	uint64		outer = objectid_est_planning_begin();

	PG_TRY();
	{
		if (objectid_prev_planner_hook)
			result = objectid_prev_planner_hook(OBJECTID_PLANNER_ARGS);
		else
			result = standard_planner(OBJECTID_PLANNER_ARGS);
	}
	PG_FINALLY();
	{
		objectid_est_planning_end(outer);
	}
	PG_END_TRY();

	return result;
}
#undef OBJECTID_PLANNER_ARGS

#if PG_VERSION_NUM >= 190000
static void
objectid_relation(PlannerInfo *root, RelOptInfo *rel, RangeTblEntry *rte)
{
	if (objectid_prev_relation_hook)
		objectid_prev_relation_hook(root, rel, rte);
	objectid_window_relation(root, rel, rte);
}
#else
static void
objectid_relation(PlannerInfo *root, Oid relationObjectId, bool inhparent,
				  RelOptInfo *rel)
{
	if (objectid_prev_relation_hook)
		objectid_prev_relation_hook(root, relationObjectId, inhparent, rel);
	objectid_window_relation(root, rel, planner_rt_fetch(rel->relid, root));
}
#endif

/* called from _PG_init() */
void
objectid_planner_init(void)
{
	objectid_prev_planner_hook = planner_hook;
	planner_hook = objectid_planner;
#if PG_VERSION_NUM >= 190000
	objectid_prev_relation_hook = build_simple_rel_hook;
	build_simple_rel_hook = objectid_relation;
#else
	objectid_prev_relation_hook = get_relation_info_hook;
	get_relation_info_hook = objectid_relation;
#endif
}
