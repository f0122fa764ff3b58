// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

// A stand-alone distributor with per-share accounting (the BEP20 "DividendDistributor" pattern).
contract DividendDistributor {
    struct Share { uint256 amount; uint256 totalExcluded; uint256 totalRealised; }

    address public immutable token;
    mapping(address => Share) public shares;
    uint256 public totalShares;
    uint256 public totalDividends;
    uint256 public dividendsPerShare;
    uint256 public constant ACCURACY = 1e36;

    modifier onlyToken() { require(msg.sender == token, "only the token"); _; }

    constructor() { token = msg.sender; }

    function setShare(address shareholder, uint256 amount) external onlyToken {
        if (shares[shareholder].amount > 0) distribute(shareholder);
        totalShares = totalShares - shares[shareholder].amount + amount;
        shares[shareholder].amount = amount;
        shares[shareholder].totalExcluded = amount * dividendsPerShare / ACCURACY;
    }

    function deposit() external payable onlyToken { // @expect dividend-distributor
        totalDividends += msg.value;
        dividendsPerShare += ACCURACY * msg.value / totalShares;
    }

    function distribute(address shareholder) internal {
        uint256 amount = shares[shareholder].amount * dividendsPerShare / ACCURACY - shares[shareholder].totalExcluded;
        if (amount == 0) return;
        shares[shareholder].totalRealised += amount;
        shares[shareholder].totalExcluded = shares[shareholder].amount * dividendsPerShare / ACCURACY;
        payable(shareholder).transfer(amount);
    }

    function claimDividend() external {
        distribute(msg.sender);
    }
}
