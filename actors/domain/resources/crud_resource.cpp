// SPDX-License-Identifier: GPL-2.0-or-later
#include "crud_resource.hpp"

#include <algorithm>

namespace purse::resources {

prepared_call crud_resource::prepare(const api_call& call,
                                     const scope_view& scope) const {
  auto offered = shape();
  switch (call.op) {
    case operation::list:
      if (call.action.empty())
        return list(call, scope);
      if (std::find(offered.collection_downloads.begin(),
                    offered.collection_downloads.end(), call.action)
          != offered.collection_downloads.end())
        return download_collection(call, scope);
      return answer(make_result(errc::not_found));
    case operation::create:
      if (!offered.creatable)
        break;
      return write(call, scope);
    case operation::update:
    case operation::replace:
      if (!offered.editable)
        break;
      if (!valid_id(call.id))
        return answer(missing_item());
      return write(call, scope);
    case operation::read:
      if (!valid_id(call.id))
        return answer(missing_item());
      return read(call, scope);
    case operation::remove:
      if (!offered.deletable)
        break;
      if (!valid_id(call.id))
        return answer(missing_item());
      return remove(call, scope);
    case operation::action:
      if (call.id.empty()
          && std::find(offered.collection_actions.begin(),
                       offered.collection_actions.end(), call.action)
               != offered.collection_actions.end())
        return act_on_collection(call, scope);
      if (offered.actions.empty())
        break;
      if (std::find(offered.actions.begin(), offered.actions.end(), call.action)
          == offered.actions.end())
        return answer(make_result(errc::not_found));
      if (!valid_id(call.id))
        return answer(missing_item());
      return act(call, scope);
  }
  return answer(unsupported());
}

prepared_call crud_resource::act(const api_call&, const scope_view&) const {
  return answer(unsupported());
}

prepared_call crud_resource::download_collection(const api_call&,
                                                 const scope_view&) const {
  return answer(unsupported());
}

prepared_call crud_resource::act_on_collection(const api_call&,
                                               const scope_view&) const {
  return answer(unsupported());
}

} // namespace purse::resources
