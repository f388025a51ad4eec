import { schools, type School, type SchoolListItem, type SchoolUser, type Statistics } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { canReachSchool, oneSchoolScope, requireReachableSchool, schoolNotFound, schoolScopeOf } from '#platform/auth/access.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { readSchoolPlatformSettings } from '#features/users/user-catalogue.repository.js';
import { canDeleteSchool, canReadStatistics } from './schools.policy.js';
import {
  presentDeployment,
  presentSchool,
  presentSchoolListItem,
  presentSchoolUsers,
  presentStatistics,
} from './schools.presenter.js';
import {
  countEnabledUsersPerApplication,
  countryExists,
  countSchoolUsers,
  findCity,
  findSchool,
  insertCity,
  insertSchool,
  listCatalogue,
  listDeployments,
  listReachableSchools,
  listReferenceData,
  listRegexSettings,
  listSchoolOptions,
  listUserRows,
  lockSchool,
  removeSchool,
  schoolTypeExists,
} from './schools.repository.js';
import { countStatistics } from './statistics.repository.js';

export async function listSchools(ctx: ServiceContext): Promise<SchoolListItem[]> {
  return (await listReachableSchools(ctx.db, ctx.actor)).map(presentSchoolListItem);
}

/**
 * One school the caller reaches, its applications' and platforms' credential flags by its own
 * platform settings; throws `not_found` otherwise (unknown or out of reach alike).
 */
export async function getSchool(ctx: ServiceContext, uai: string): Promise<School> {
  await requireReachableSchool(ctx, uai);
  const school = await findSchool(ctx.db, uai);
  // Deleted since the check.
  if (!school) throw schoolNotFound();
  const [catalogue, schoolPlatforms, regexRows, optionRows, counts] = await Promise.all([
    listCatalogue(ctx.db),
    readSchoolPlatformSettings(ctx.db, uai),
    listRegexSettings(ctx.db),
    listSchoolOptions(ctx.db, uai),
    countSchoolUsers(ctx.db, uai),
  ]);
  return presentSchool(school, catalogue, schoolPlatforms, regexRows, optionRows, {
    canDelete: canDeleteSchool(ctx.actor.rights, counts.users),
  });
}

export async function getSchoolWithUsers(ctx: ServiceContext, uai: string): Promise<School & { users: SchoolUser[] }> {
  const school = await getSchool(ctx, uai);
  return { ...school, users: presentSchoolUsers(await listUserRows(ctx.db, { uai })) };
}

export async function getSchoolApplications(ctx: ServiceContext, uai: string) {
  await requireReachableSchool(ctx, uai);
  const [{ applicationRows }, enabled] = await Promise.all([listCatalogue(ctx.db), countEnabledUsersPerApplication(ctx.db, uai)]);
  return applicationRows.map((application) => ({
    idApplication: application.id,
    name: application.name,
    platformId: application.platformId,
    order: application.order,
    enabledUsers: enabled.get(application.id) ?? 0,
  }));
}

export async function getDeployments(ctx: ServiceContext) {
  return (await listDeployments(ctx.db, ctx.actor)).map(presentDeployment);
}

export async function getReferenceData(ctx: ServiceContext) {
  const { cityRows, countryRows, typeRows } = await listReferenceData(ctx.db);
  return {
    cities: cityRows.map((city) => ({ idCity: city.id, city: city.name, idCountry: city.countryId })),
    countries: countryRows.map((country) => ({ idCountry: country.id, country: country.name })),
    typeEstab: typeRows.map((type) => ({ idTypeEstab: type.id, typeEstab: type.label, orderTypeEstab: type.order })),
  };
}

/**
 * Statistics of one school (which the caller must reach, else `not_found`) or of all the
 * caller's schools (which needs the Overview right, else `forbidden`).
 */
export async function getStatistics(ctx: ServiceContext, uai: string | undefined): Promise<Statistics> {
  if (!canReadStatistics(ctx.actor.rights, uai !== undefined))
    throw new AppError('forbidden', 'Right Overview at Lecture required', { reason: 'no_right' });
  if (uai !== undefined) {
    await requireReachableSchool(ctx, uai);
    return presentStatistics(await countStatistics(ctx.db, oneSchoolScope(uai), { applicationsNeedUsers: true }));
  }
  const scope = schoolScopeOf(ctx.actor);
  return presentStatistics(await countStatistics(ctx.db, scope, { applicationsNeedUsers: scope.kind !== 'all' }));
}

/**
 * Creates a school. Throws `conflict` (fieldErrors.uai) when the UAI exists, `validation_failed`
 * for an unknown city, country or type. Writes the school, a new city if asked, and the audit
 * entry in one transaction.
 */
export async function createSchool(ctx: ServiceContext, body: schools.CreateSchoolBody): Promise<{ uai: string }> {
  const editor = editorLabel(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    if (await findSchool(tx, body.uai)) {
      throw new AppError('conflict', 'A school with this UAI exists', {
        reason: 'uai_exists',
        fieldErrors: { uai: ['school.errors.uai_exists'] },
      });
    }
    let values: Parameters<typeof insertSchool>[1];
    if (body.isEtabExist) {
      const record = body.state;
      values = {
        uai: body.uai,
        name: record.nom_etablissement,
        town: record.nom_commune ?? '',
        address: record.adresse_1 ?? '',
        postalCode: record.code_postal ?? null,
        sector: record.statut_public_prive === 'Public' ? 'Public' : 'Privé',
        countyId: Number(body.uai.slice(0, 3)),
        latitude: record.latitude ?? null,
        longitude: record.longitude ?? null,
        extension: schools.proposeExtension(record.nom_etablissement),
        typeId: (await schoolTypeExists(tx, 1)) ? 1 : null,
      };
    } else {
      const state = body.state;
      let cityId: number | null = null;
      let town = '';
      let countryId = state.idCountry ?? null;
      if (countryId !== null && !(await countryExists(tx, countryId)))
        throw validationError({ 'state.idCountry': ['school.errors.unknown_country'] });
      if (state.idCity > 0) {
        const city = await findCity(tx, state.idCity);
        if (!city) throw validationError({ 'state.idCity': ['school.errors.unknown_city'] });
        cityId = city.id;
        town = city.name;
        countryId = city.countryId;
      } else if (state.nameOfCity && countryId !== null) {
        cityId = await insertCity(tx, state.nameOfCity, countryId);
        town = state.nameOfCity;
      }
      if (!(await schoolTypeExists(tx, state.typeOfEstablishment)) && state.typeOfEstablishment !== 1) {
        throw validationError({ 'state.typeOfEstablishment': ['school.errors.unknown_type'] });
      }
      values = {
        uai: body.uai,
        name: state.name,
        address: state.address,
        town,
        cityId,
        countryId,
        sector: state.sector,
        countyId: state.idCounty,
        academyId: state.idAcademy,
        typeId: (await schoolTypeExists(tx, state.typeOfEstablishment)) ? state.typeOfEstablishment : null,
        extension: schools.proposeExtension(state.name),
      };
    }
    await insertSchool(tx, values);
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'create',
      entity: 'school',
      entityId: body.uai,
      uai: body.uai,
      after: { ...values, editor },
    });
    return { uai: body.uai };
  });
}

/** Deletes a school with no user. Throws `not_found` out of reach, `conflict` when users remain. */
export async function deleteSchool(ctx: ServiceContext, uai: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const school = await findSchool(tx, uai);
    if (!school || !(await canReachSchool(ctx, uai))) throw schoolNotFound();
    await lockSchool(tx, uai);
    const counts = await countSchoolUsers(tx, uai);
    if (counts.users > 0) {
      throw new AppError('conflict', 'The school still has users', {
        reason: 'school_not_empty',
        params: { users: counts.users },
        users: counts.users,
      });
    }
    await removeSchool(tx, uai);
    await writeAudit(tx, { actor: ctx.actor, action: 'delete', entity: 'school', entityId: uai, uai, before: school });
  });
}
