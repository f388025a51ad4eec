import { nameRulesOf, type SessionUser, type UserPage } from '@console/contract';
import { useMemo } from 'react';
import { useSchoolUsers } from '#features/schools/api';
import type { AccessEditing } from './ProfileSection';
import type { Catalogue } from './useApplicationToggle';
import { UserPageSections, type Section } from './UserPageSections';

type UserPageBodyProps = {
  page: UserPage;
  user: SessionUser;
  section: Section | null;
  onSectionChange: (section: Section) => void;
};

/**
 * The sections of a page over the users view. Where the caller may edit it, the school's users
 * (already loaded by the grid) give the name rules, the logins taken and the catalogue.
 */
export function UserPageBody(props: UserPageBodyProps) {
  const { page } = props;
  const uai = page.informations.uai;
  const isEditable = page.abilities.canEditProfile || page.abilities.canEditApplications;
  if (uai === null || !isEditable) return <UserPageSections {...props} editing={null} catalogue={null} />;
  return <EditableUserPageBody {...props} uai={uai} />;
}

function EditableUserPageBody({ uai, ...props }: UserPageBodyProps & { uai: string }) {
  const school = useSchoolUsers(uai);
  const userId = props.page.informations.userId;

  const editing = useMemo<AccessEditing | null>(() => {
    if (!school.data) return null;
    const takenLogins = new Set(
      school.data.users.filter((other) => other.id !== userId).map((other) => other.login.toLocaleLowerCase('fr')),
    );
    return {
      rules: nameRulesOf(school.data),
      schoolRequiresEmail: school.data.informations.emailRequired,
      isLoginTaken: (login) => takenLogins.has(login.toLocaleLowerCase('fr')),
    };
  }, [school.data, userId]);
  const catalogue = useMemo<Catalogue | null>(
    () => (school.data ? { applications: school.data.applications, platforms: school.data.platforms } : null),
    [school.data],
  );

  return <UserPageSections {...props} editing={editing} catalogue={catalogue} />;
}
