import { useAtom } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { REVIEWER_ROLES, type ReviewerRole } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { api } from '../bridge/api.ts';
import { useAsyncAction } from '../hooks/use-async-action.ts';
import { IMAGE_ACCEPT, readImageFile } from '../hooks/use-image-import.ts';
import { profileAtom, profilePromptAtom } from '../state/profile-atoms.ts';
import { Avatar } from './avatar.tsx';
import { Dialog } from './dialog.tsx';
import { ErrorNote } from './error-note.tsx';

/** Who the local user is: name, peer or expert, and an avatar (initials or an image). */
export function ProfileDialog() {
  const [prompt, setPrompt] = useAtom(profilePromptAtom);
  const [profile, setProfile] = useAtom(profileAtom);
  const [name, setName] = useState('');
  const [role, setRole] = useState<ReviewerRole>('peer');
  const [avatar, setAvatar] = useState<{ file: File; url: string } | 'initials' | null>(null);
  const { run, error, busy, clearError } = useAsyncAction();

  useEffect(() => {
    if (!prompt) return;
    setName(profile?.name ?? '');
    setRole(profile?.role ?? 'peer');
    setAvatar(null);
    clearError();
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prompt]);
  useEffect(
    () => () => {
      if (avatar && avatar !== 'initials') URL.revokeObjectURL(avatar.url);
    },
    [avatar],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(async () => {
      const bytes =
        avatar === 'initials' ? null : avatar ? await readImageFile(avatar.file) : undefined;
      return api.profile.save({
        name: name.trim(),
        role,
        ...(bytes !== undefined ? { avatar: bytes } : {}),
      });
    });
    if (!saved) return;
    setProfile(saved);
    const onSaved = prompt?.onSaved;
    setPrompt(null);
    onSaved?.(saved);
  };

  const preview =
    avatar && avatar !== 'initials'
      ? avatar.url
      : avatar === 'initials'
        ? undefined
        : profile?.avatar;
  return (
    <Dialog
      title={profile ? 'Your profile' : 'Who is reviewing?'}
      open={prompt !== null}
      onClose={() => setPrompt(null)}
    >
      <form className="form" onSubmit={submit}>
        {prompt?.reason && <p className="dialog__message">{prompt.reason}</p>}
        <label className="field">
          <span className="field__label">Name</span>
          <input
            value={name}
            required
            maxLength={LIMITS.profileName}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <fieldset className="field">
          <legend className="field__label">Role</legend>
          <div className="radio-row">
            {REVIEWER_ROLES.map((r) => (
              <label key={r} className="radio">
                <input
                  type="radio"
                  name="role"
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                />
                {r === 'peer' ? 'Peer' : 'Expert'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <span className="field__label">Avatar</span>
          <div className="avatar-row">
            <Avatar src={preview} alt="" size={48} />
            <label className="button">
              Choose image…
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) setAvatar({ file, url: URL.createObjectURL(file) });
                }}
              />
            </label>
            <button type="button" className="button" onClick={() => setAvatar('initials')}>
              Use initials
            </button>
          </div>
        </div>
        {error && <ErrorNote message={error} />}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setPrompt(null)}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
            Save profile
          </button>
        </div>
      </form>
    </Dialog>
  );
}
